import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestContext } from '../../../test/build-test-app.js'
import { productInput } from '../../../test/catalog-factory.js'

describe('products API without an administrator', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await buildTestApp()
  })
  afterAll(() => ctx.close())

  it('answers 401 to every write and still serves reads', async () => {
    const id = '00000000-0000-4000-8000-000000000000'
    for (const [method, url] of [
      ['POST', '/api/products'],
      ['PUT', `/api/products/${id}`],
      ['DELETE', `/api/products/${id}`],
    ] as const) {
      const response = await ctx.app.inject({
        method,
        url,
        payload: method === 'DELETE' ? undefined : productInput(),
      })
      expect(response.statusCode, `${method} ${url}`).toBe(401)
      expect(response.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' })
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/products' })).statusCode).toBe(200)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, testEngine, type TestContext } from '../../test/build-test-app.js'

describe('GET /api/health', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await buildTestApp()
  })
  afterAll(() => ctx.close())

  it('answers ok with the database engine in use', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ success: true, data: { status: 'ok', database: testEngine() } })
  })

  it('answers 503 in the envelope when the database is gone', async () => {
    const other = await buildTestApp()
    await other.database.close()
    const response = await other.app.inject({ method: 'GET', url: '/api/health' })
    expect(response.statusCode).toBe(503)
    expect(response.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' })
    // Closing again is harmless, and drops this test's own database.
    await other.close()
  })
})

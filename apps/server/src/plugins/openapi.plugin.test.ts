import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestContext } from '../test/build-test-app.js'

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']

/** Every `$ref` in the document, so we can check each one points inside it. */
function refsOf(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((item) => refsOf(item, found))
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.push(value)
      else refsOf(value, found)
    }
  }
  return found
}

function resolve(document: Record<string, unknown>, ref: string): unknown {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>(
      (node, part) =>
        (node as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')],
      document,
    )
}

describe('OpenAPI', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await buildTestApp()
  })
  afterAll(() => ctx.close())

  it('serves a well-formed OpenAPI 3 document listing the system routes', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(response.statusCode).toBe(200)
    const document = response.json() as Record<string, any>
    expect(document.openapi).toMatch(/^3\.\d+\.\d+$/)
    expect(document.info).toMatchObject({ title: expect.any(String), version: expect.any(String) })
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/config']))
    for (const [route, item] of Object.entries<Record<string, any>>(document.paths)) {
      expect(route.startsWith('/')).toBe(true)
      for (const [method, operation] of Object.entries<Record<string, any>>(item)) {
        if (!METHODS.includes(method)) continue
        expect(
          Object.keys(operation.responses ?? {}).length,
          `${method} ${route} has responses`,
        ).toBeGreaterThan(0)
        for (const status of Object.keys(operation.responses))
          expect(status).toMatch(/^([1-5]\d\d|[1-5]XX|default)$/)
      }
    }
    for (const ref of refsOf(document)) expect(resolve(document, ref), ref).toBeDefined()
    // The health route's response schema came from zod.
    const health = document.paths['/api/health'].get.responses['200']
    expect(JSON.stringify(health)).toContain('pglite')
  })

  it('serves the interactive documentation at /api/docs', async () => {
    let response = await ctx.app.inject({ method: 'GET', url: '/api/docs' })
    if (response.statusCode >= 300 && response.statusCode < 400) {
      const location = new URL(String(response.headers.location), 'http://localhost/api/docs')
      response = await ctx.app.inject({ method: 'GET', url: location.pathname })
    }
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/text\/html/)
    expect(response.body).toMatch(/swagger/i)
  })
})

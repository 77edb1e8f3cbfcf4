import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findInvalidText, INVALID_TEXT_MESSAGE } from '@tavlin/contracts'
import { buildTestApp, type TestContext } from '../test/build-test-app.js'
import { seedCatalogue, saleRequest } from '../test/factories.js'

// What the database refuses (NUL, a lone surrogate half) and what no field of ours wants.
const BAD_CHARACTERS = ['\u0000', '\uD800', '\uDC00', '\u0007', '\u001B', '\u007F', '\u0085']

let ip = 0
const freshIp = () => `10.20.${Math.floor(++ip / 250)}.${ip % 250}`

/** Sets `value` at a dotted path of a copy of `body`. */
function withValue(body: unknown, path: string, value: string): unknown {
  const copy = structuredClone(body) as Record<string, unknown>
  const keys = path.split('.')
  let at: Record<string, unknown> = copy
  for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>
  at[keys.at(-1)!] = value
  return copy
}

describe('the contracts’ text rule at the edge (issue 15, defect 1)', () => {
  let ctx: TestContext
  let sale: unknown

  beforeAll(async () => {
    ctx = await buildTestApp()
    sale = saleRequest(await seedCatalogue(ctx.database.db))
  })
  afterAll(() => ctx.close())

  const invalidIn = (field: string) => ({
    success: false,
    code: 'VALIDATION_ERROR',
    message: 'Invalid request',
    details: [{ field, message: INVALID_TEXT_MESSAGE }],
  })

  it('answers the issue’s examples with 400 naming the field, not 500', async () => {
    const names = await ctx.app.inject({
      method: 'POST',
      url: '/api/products/names',
      payload: { names: ['\u0000'] },
    })
    expect(names.statusCode).toBe(400)
    expect(names.json()).toEqual(invalidIn('body.names.0'))

    for (const field of [
      'customer.firstName',
      'customer.address.street',
      'customer.address.postal_code',
      'customer.notes',
      'orderItems.0.size',
    ]) {
      for (const bad of ['\u0000', '\uD800']) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/orders/generate-sale',
          payload: withValue(sale, field, `ab${bad}c`) as object,
        })
        expect(response.statusCode, `${field} with ${JSON.stringify(bad)}`).toBe(400)
        expect(response.json()).toEqual(invalidIn(`body.${field}`))
      }
    }

    const oidc = await ctx.app.inject({ method: 'GET', url: '/oidc/auth?client_id=%00' })
    expect(oidc.statusCode).toBe(400)
    expect(oidc.json()).toEqual(invalidIn('query.client_id'))
  })

  it('checks query strings, path parameters and the names of unknown fields too', async () => {
    const search = await ctx.app.inject({ method: 'GET', url: '/api/products?search=%00' })
    expect(search.json()).toEqual(invalidIn('query.search'))
    const param = await ctx.app.inject({ method: 'GET', url: '/api/users/form/%07' })
    expect(param.statusCode).toBe(400)
    const key = await ctx.app.inject({
      method: 'POST',
      url: '/api/products/names',
      payload: { names: ['x'], 'a\u0000b': 1 },
    })
    expect(key.json()).toEqual(invalidIn('body.a\uFFFDb'))
  })

  it('allows line breaks only in the fields that take several lines', async () => {
    const contact = {
      name: 'יוסי',
      email: 'yossi@example.com',
      phone: '04-8123456',
      subject: 'משלוח',
      message: 'שלום,\r\nהאם אתם שולחים לגליל?\n\tתודה',
    }
    const post = (data: object) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/users/form/contact',
        payload: { data },
        remoteAddress: freshIp(),
      })
    expect((await post(contact)).statusCode).toBe(201)
    const broken = await post({ ...contact, subject: 'שורה\nשנייה' })
    expect(broken.json()).toEqual(invalidIn('body.data.subject'))
  })

  it('property: any well-formed text without control characters passes; one bad character anywhere is named', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'grapheme', maxLength: 40 }).filter((text) => !/[\p{Cc}]/u.test(text)),
        fc.constantFrom(...BAD_CHARACTERS),
        fc.nat(),
        async (text, bad, at) => {
          const clean = await ctx.app.inject({
            method: 'POST',
            url: '/api/products/names',
            payload: { names: [`ת${text}`] },
          })
          expect(clean.statusCode).toBe(200)
          const cut = at % (text.length + 1)
          const dirty = await ctx.app.inject({
            method: 'POST',
            url: '/api/products/names',
            payload: { names: ['ok', text.slice(0, cut) + bad + text.slice(cut)] },
          })
          expect(dirty.statusCode).toBe(400)
          expect(dirty.json()).toEqual(invalidIn('body.names.1'))
        },
      ),
      { numRuns: 60 },
    )
  })

  it('property: the rule finds a bad character at any depth of any JSON value, and names its path', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.constantFrom(...BAD_CHARACTERS), (value, bad) => {
        // Control-free JSON values are clean; put a bad character at the first string found.
        const clean = JSON.parse(JSON.stringify(value).replace(/\\u00[01][0-9a-f]|\\u007f/gi, ' ')) as unknown
        expect(findInvalidText(clean)).toBeNull()
        const paths: (string | number)[][] = []
        const walk = (node: unknown, path: (string | number)[]) => {
          if (typeof node === 'string') paths.push(path)
          else if (Array.isArray(node)) node.forEach((child, index) => walk(child, [...path, index]))
          else if (node && typeof node === 'object')
            for (const [key, child] of Object.entries(node)) walk(child, [...path, key])
        }
        walk(clean, [])
        fc.pre(paths.length > 0)
        const target = paths[0]!
        const dirty = structuredClone(clean) as Record<string | number, unknown>
        if (target.length === 0) {
          expect(findInvalidText(`x${bad}`)).toEqual([])
          return
        }
        let at = dirty
        for (const key of target.slice(0, -1)) at = at[key] as typeof at
        at[target.at(-1)!] = `${String(at[target.at(-1)!])}${bad}`
        expect(findInvalidText(dirty)).toEqual(target)
      }),
      { numRuns: 300 },
    )
  })
})

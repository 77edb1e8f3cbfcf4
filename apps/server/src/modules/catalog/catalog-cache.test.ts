import zlib from 'node:zlib'
import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Product } from '@tavlin/contracts'
import { allowAllAdmins, buildTestApp, type TestContext } from '../../test/build-test-app.js'
import { create, productInput } from '../../test/catalog-factory.js'

describe('catalogue read cache', () => {
  let ctx: TestContext
  let product: Product

  beforeAll(async () => {
    ctx = await buildTestApp({}, {}, { requireAdmin: allowAllAdmins })
    product = await create<Product>(ctx.app, 'products', productInput({ name: 'כמון טחון' }))
  })
  afterAll(() => ctx.close())

  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers })

  it('serves repeated reads identically, with the same ETag, and 304 from the cache', async () => {
    const first = await get(`/api/products/${product._id}`)
    const second = await get(`/api/products/${product._id}`)
    expect(second.body).toBe(first.body)
    expect(second.headers.etag).toBe(first.headers.etag)
    expect(second.headers['content-type']).toBe(first.headers['content-type'])
    expect(second.headers['cache-control']).toBe('public, max-age=0, must-revalidate')
    const conditional = await get(`/api/products/${product._id}`, {
      'if-none-match': first.headers.etag as string,
    })
    expect(conditional.statusCode).toBe(304)
    expect(conditional.body).toBe('')
  })

  it('answers a repeat with the first answer’s security headers, compressed as the browser asks', async () => {
    // Enough products for a body past the compression threshold (1 KB).
    for (const name of ['פפריקה מתוקה', 'כורכום', 'זעתר', 'סומק'])
      await create<Product>(ctx.app, 'products', productInput({ name }))
    const url = '/api/products?page=1&limit=9'
    const first = await get(url, { 'accept-encoding': 'br' })
    for (const encoding of ['br', 'gzip'] as const) {
      const repeat = await get(url, { 'accept-encoding': encoding })
      expect(repeat.statusCode).toBe(200)
      expect(repeat.headers['content-encoding']).toBe(encoding)
      expect(repeat.headers.vary).toContain('accept-encoding')
      const body =
        encoding === 'br' ? zlib.brotliDecompressSync(repeat.rawPayload) : zlib.gunzipSync(repeat.rawPayload)
      expect(JSON.parse(body.toString())).toEqual(
        JSON.parse(zlib.brotliDecompressSync(first.rawPayload).toString()),
      )
      for (const header of [
        'content-security-policy',
        'x-frame-options',
        'etag',
        'content-type',
        'cache-control',
      ])
        expect(repeat.headers[header]).toBe(first.headers[header])
    }
    const plain = await get(url)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.json()).toEqual(JSON.parse(zlib.brotliDecompressSync(first.rawPayload).toString()))
    const head = await ctx.app.inject({ method: 'HEAD', url })
    expect(head.statusCode).toBe(200)
    expect(head.body).toBe('')
  })

  it('shows an admin’s write on the next read at once, on the process that wrote', async () => {
    const url = `/api/products/${product._id}`
    await get(url)
    await get(url)
    const { _id, ...input } = product
    const write = await ctx.app.inject({ method: 'PUT', url, payload: { ...input, name: 'כמון טחון גס' } })
    expect(write.statusCode).toBe(200)
    expect(((await get(url)).json() as { data: Product }).data.name).toBe('כמון טחון גס')
  })

  // A write that does not go through this process (another server process, the seed,
  // psql) is announced by the database (LISTEN/NOTIFY) and, were that lost, found by the
  // periodic check: within the stated bound of one second (docs/decisions/160).
  it('reflects a change made outside this process within a second', async () => {
    const before = await get(`/api/products/${product._id}`)
    await get('/api/products')
    // One second after the commit the bound holds, however slowly the machine runs the reads
    // (a poll that gave up after 1.5 s could still be in a read begun before it: issue 40).
    const outside = async (change: ReturnType<typeof sql>) => {
      await ctx.database.db.execute(change)
      const committedAt = performance.now()
      await sleep(Math.max(0, committedAt + 1000 - performance.now()))
    }
    await outside(
      sql`update products set short_description = 'כמון טחון טרי מהשוק' where id = ${product._id}`,
    )
    const after = await get(`/api/products/${product._id}`, {
      'if-none-match': before.headers.etag as string,
    })
    expect(after.statusCode).toBe(200)
    expect((after.json() as { data: Product }).data.shortDescription).toBe('כמון טחון טרי מהשוק')
    await outside(sql`delete from product_sizes where product_id = ${product._id}`)
    const list = (await get('/api/products')).json() as { data: { items: Product[] } }
    expect(list.data.items.find((p) => p._id === product._id)?.pricing).toEqual([])
  })

  it('does not cache errors', async () => {
    const missing = '00000000-0000-4000-8000-000000000000'
    expect((await get(`/api/products/${missing}`)).statusCode).toBe(404)
    expect((await get(`/api/products/${missing}`)).statusCode).toBe(404)
  })

  it('uses the trigram index for the search condition when the table is large enough to matter', async () => {
    // The planner rightly scans a table this small; forbidding the scan shows the
    // condition the repository writes (LIKE over search_text) is one the index serves.
    const plan = await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`)
      const result: unknown = await tx.execute(
        sql`explain select id from products where search_text like ${'%כמונ%'}`,
      )
      // pg returns { rows }, PGlite an array-like result: the plan text is in either.
      return JSON.stringify(result)
    })
    expect(plan).toContain('products_search_text_idx')
  })
})

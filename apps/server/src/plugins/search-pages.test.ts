import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Product } from '@tavlin/contracts'
import { allowAllAdmins, buildTestApp, type TestContext } from '../test/build-test-app.js'
import { create, productInput } from '../test/catalog-factory.js'
import { renderNumber, webDist } from '../test/stand-in-renderer.js'

const MB = 1024 * 1024
const NOT_INDEXED = '<meta name="robots" content="noindex">'
const CRAWLER = '203.0.113.9'

/*
 * A search page that finds nothing is not rendered (decision 287): the stand-in renderer numbers
 * its renders ("render N"), so a page without a number was never rendered. Two renders a
 * window per address: were the unrendered pages counted, the crawler would be slowed at once.
 */
describe('a search that finds nothing (issue 38)', () => {
  let ctx: TestContext
  let dir = ''
  const page = (url: string, headers: Record<string, string> = {}, remoteAddress = CRAWLER) =>
    ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers }, remoteAddress })
  const search = (path: string, text: string, remoteAddress = CRAWLER) =>
    page(`${path}?filter=${encodeURIComponent(text)}`, {}, remoteAddress)

  beforeAll(async () => {
    const dist = webDist()
    dir = dist.dir
    ctx = await buildTestApp(
      {
        webDistDir: dist.dir,
        webRendererEntry: dist.entry,
        pages: {
          cacheMaxBytes: 32 * MB,
          rendersAtOnce: 4,
          renderQueue: 16,
          rendersPerAddress: { max: 2, windowSeconds: 3600 },
        },
      },
      {},
      { requireAdmin: allowAllAdmins, catalogVersionTiming: { pollMs: 60_000, maxAgeMs: 120_000 } },
    )
    for (const name of ['כמון', 'פפריקה']) await create<Product>(ctx.app, 'products', productInput({ name }))
  })
  afterAll(async () => {
    await ctx.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('answers every unique string unrendered, uncounted, not to be indexed, and a search that finds something is rendered', async () => {
    for (const text of ['קקטוס', 'xyzzy 1', 'xyzzy 2', 'שוקולד מריר', 'כמון שחור זהוב', 'zz']) {
      const answer = await search('/products', text)
      expect(answer.statusCode, text).toBe(200)
      expect(answer.body).toContain(NOT_INDEXED)
      expect(answer.body).toContain('<div id="root"></div>')
      expect(renderNumber(answer.body), text).toBeNaN()
      expect(answer.headers['cache-control']).toBe('no-cache')
    }
    const recipes = await search('/recipes', 'קקטוס')
    expect(recipes.body).toContain(NOT_INDEXED)
    expect(renderNumber(recipes.body)).toBeNaN()

    // Not one of the six was counted against the address: its two renders are still there.
    const found = await search('/products', 'כמון')
    expect(found.statusCode).toBe(200)
    expect(found.body).not.toContain(NOT_INDEXED)
    const rendered = renderNumber(found.body)
    expect(rendered).toBeGreaterThan(0)
    // Searched as the shop searches: niqqud and final letters folded, so this one finds too.
    const folded = await search('/products', 'כַּמּוּנ')
    expect(renderNumber(folded.body)).toBeGreaterThan(rendered)
    expect((await search('/products', 'פפריקה')).statusCode).toBe(429)
    // The page that was rendered is kept, as before.
    expect(renderNumber((await search('/products', 'כמון')).body)).toBe(rendered)
    // Turned away, the address is turned away from its next unique string too, before it is
    // searched (decision 297); another address still gets its answer.
    const again = await search('/products', 'xyzzy 3')
    expect(again.statusCode).toBe(429)
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0)
    expect((await search('/products', 'xyzzy 3', '192.0.2.79')).body).toContain(NOT_INDEXED)
  })

  it('revalidates by ETag, and a search of no words (punctuation) is the whole list, rendered', async () => {
    const first = await search('/products', 'nothing-here', '192.0.2.80')
    const again = await page(
      `/products?filter=nothing-here`,
      { 'if-none-match': String(first.headers.etag) },
      '192.0.2.80',
    )
    expect(again.statusCode).toBe(304)
    const listed = await ctx.app.inject({
      method: 'GET',
      url: `/products?filter=${encodeURIComponent('!!!')}`,
      headers: { accept: 'text/html' },
      remoteAddress: '192.0.2.80',
    })
    expect(listed.body).not.toContain(NOT_INDEXED)
    expect(renderNumber(listed.body)).toBeGreaterThan(0)
  })

  it('renders the same search once a product it finds is added: nothing is remembered past a write', async () => {
    const text = 'זעתר'
    expect((await search('/products', text, '192.0.2.81')).body).toContain(NOT_INDEXED)
    await create<Product>(ctx.app, 'products', productInput({ name: text }))
    const after = await ctx.app.inject({
      method: 'GET',
      url: `/products?filter=${encodeURIComponent(text)}`,
      headers: { accept: 'text/html' },
      remoteAddress: '192.0.2.81',
    })
    expect(after.body).not.toContain(NOT_INDEXED)
    expect(renderNumber(after.body)).toBeGreaterThan(0)
  })
})

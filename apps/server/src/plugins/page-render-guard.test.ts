import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Product } from '@tavlin/contracts'
import type { AppConfig } from '../config/env.js'
import { allowAllAdmins, buildTestApp, type TestContext } from '../test/build-test-app.js'
import { create, productInput } from '../test/catalog-factory.js'
import { heading, holdRenders, renderNumber, webDist } from '../test/stand-in-renderer.js'

// A bound long enough that only a notification or the writer's own read can explain a change.
const NO_POLLING = { pollMs: 60_000, maxAgeMs: 120_000 }
const MB = 1024 * 1024

/** The shop's page bounds with these changed; the window is an hour, so no slow run outlives it. */
function pages(changes: { rendersAtOnce?: number; renderQueue?: number; perAddress?: number }) {
  const { rendersAtOnce = 4, renderQueue = 16, perAddress = 1000 } = changes
  return {
    cacheMaxBytes: 32 * MB,
    rendersAtOnce,
    renderQueue,
    rendersPerAddress: { max: perAddress, windowSeconds: 3600 },
  } satisfies AppConfig['pages']
}

async function shop(bounds: AppConfig['pages']) {
  const dist = webDist()
  const ctx = await buildTestApp(
    { webDistDir: dist.dir, webRendererEntry: dist.entry, pages: bounds },
    {},
    { requireAdmin: allowAllAdmins, catalogVersionTiming: NO_POLLING },
  )
  const page = (url: string, remoteAddress = '198.51.100.1') =>
    ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' }, remoteAddress })
  const close = async () => {
    await ctx.close()
    fs.rmSync(dist.dir, { recursive: true, force: true })
  }
  return { ctx, page, close }
}

describe('an address that asks for many pages not kept (issue 38)', () => {
  let ctx: TestContext
  let page: Awaited<ReturnType<typeof shop>>['page']
  let close: () => Promise<void>
  let products: Product[]
  const CRAWLER = '203.0.113.9'
  const SHOPPER = '192.0.2.44'
  beforeAll(async () => {
    ;({ ctx, page, close } = await shop(pages({ perAddress: 3 })))
    products = []
    for (const name of ['כמון', 'פפריקה', 'כורכום', 'הל', 'זעתר', 'סומק']) {
      products.push(await create<Product>(ctx.app, 'products', productInput({ name })))
    }
  })
  afterAll(() => close())

  const productPage = (index: number) => `/products/${products[index]!._id}`

  it('is slowed with a 429 and Retry-After past its renders, while kept pages, checkout, admin and the API still answer it', async () => {
    for (const index of [0, 1, 2]) expect((await page(productPage(index), CRAWLER)).statusCode).toBe(200)
    const slowed = await page(productPage(3), CRAWLER)
    expect(slowed.statusCode).toBe(429)
    const retryAfter = Number(slowed.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(3600)
    expect(slowed.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(slowed.body).toContain('ביקשתם עמודים רבים בזמן קצר')
    expect(slowed.body).toContain(`<meta http-equiv="refresh" content="${retryAfter}">`)

    // What it asked for before is kept: answered, and never counted.
    const kept = await page(productPage(0), CRAWLER)
    expect(kept.statusCode).toBe(200)
    expect(heading(kept.body)).toBe('כמון')
    for (const url of ['/checkout', '/admin', '/thank-you'])
      expect((await page(url, CRAWLER)).statusCode).toBe(200)
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/products/${products[3]!._id}`,
      remoteAddress: CRAWLER,
    })
    expect(read.statusCode).toBe(200)
    // Still slowed for a page not kept.
    expect((await page(productPage(4), CRAWLER)).statusCode).toBe(429)
  })

  it('counts each address alone, and never the kept pages it visits', async () => {
    for (let visit = 0; visit < 4; visit++) {
      for (const index of [0, 1, 2]) expect((await page(productPage(index), SHOPPER)).statusCode).toBe(200)
    }
    // The page the crawler was refused was never rendered: the shopper's first render of it.
    const fresh = await page(productPage(3), SHOPPER)
    expect(fresh.statusCode).toBe(200)
    expect(heading(fresh.body)).toBe('הל')
    expect((await page(productPage(5), SHOPPER)).statusCode).toBe(200)
  })
})

describe('the line of renders (issue 38)', () => {
  let ctx: TestContext
  let page: Awaited<ReturnType<typeof shop>>['page']
  let close: () => Promise<void>
  beforeAll(async () => {
    // One render at a time and no line: a second page not kept finds it full.
    ;({ ctx, page, close } = await shop(pages({ rendersAtOnce: 1, renderQueue: 0 })))
  })
  afterAll(() => close())

  it('answers past its bound with the older kept page, or a 503 with Retry-After; kept pages and checkout go on', async () => {
    const changed = await create<Product>(ctx.app, 'products', productInput({ name: 'שומשום' }))
    const unkept = await create<Product>(ctx.app, 'products', productInput({ name: 'חילבה' }))
    const before = await page(`/products/${changed._id}`)
    expect(heading(before.body)).toBe('שומשום')
    const write = await ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${changed._id}`,
      payload: productInput({ name: 'שומשום קלוי' }),
    })
    expect(write.statusCode).toBe(200)
    const keptNow = await create<Product>(ctx.app, 'products', productInput({ name: 'אניס' }))
    const keptUrl = `/products/${keptNow._id}`
    const keptBody = (await page(keptUrl)).body

    const hold = holdRenders()
    try {
      const held = page('/?hold').then((response) => response)
      await hold.started
      const busy = await page(`/products/${unkept._id}`)
      expect(busy.statusCode).toBe(503)
      expect(busy.headers['retry-after']).toBe('2')
      expect(busy.body).toContain('האתר עמוס כרגע')
      // The page an earlier version had here, rather than none.
      const older = await page(`/products/${changed._id}`)
      expect(older.statusCode).toBe(200)
      expect(older.body).toBe(before.body)
      expect((await page(keptUrl)).body).toBe(keptBody)
      expect((await page('/checkout')).statusCode).toBe(200)
      hold.release()
      expect((await held).statusCode).toBe(200)
    } finally {
      hold.release()
      hold.end()
    }
    // The line free again: both are rendered now, the changed one with its new name.
    const rendered = await page(`/products/${unkept._id}`)
    expect(heading(rendered.body)).toBe('חילבה')
    const now = await page(`/products/${changed._id}`)
    expect(heading(now.body)).toBe('שומשום קלוי')
    expect(renderNumber(now.body)).toBeGreaterThan(renderNumber(before.body))
  })

  it('shares one render among visits asking for the same page at once, though the line is full (decision 297)', async () => {
    const product = await create<Product>(ctx.app, 'products', productInput({ name: 'כורכום' }))
    const url = `/products/${product._id}?hold`
    const hold = holdRenders()
    try {
      const first = page(url)
      await hold.started
      const second = page(url)
      // Time for the second visit to arrive: without sharing it is a 503 by then. A slow machine
      // can only make this test weaker, never fail a build that shares.
      await new Promise((resolve) => setTimeout(resolve, 100))
      hold.release()
      const [a, b] = await Promise.all([first, second])
      expect([a.statusCode, b.statusCode]).toEqual([200, 200])
      expect(heading(b.body)).toBe('כורכום')
      expect(renderNumber(b.body)).toBe(renderNumber(a.body))
    } finally {
      hold.release()
      hold.end()
    }
  })
})

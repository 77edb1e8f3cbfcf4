import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Product } from '@tavlin/contracts'
import { buildApp, type App } from '../app.js'
import { loadConfig } from '../config/env.js'
import { migrateDatabase, openDatabase, type DatabaseHandle } from '../db/client.js'
import {
  allowAllAdmins,
  buildTestApp,
  createPostgresTestDatabase,
  testEngine,
  type TestContext,
} from '../test/build-test-app.js'
import { create, productInput } from '../test/catalog-factory.js'
import { heading, renderNumber, webDist } from '../test/stand-in-renderer.js'
import { seededRandom } from '../test/seeded-random.js'

// A bound long enough that only a notification or the writer's own read can explain a change.
const NO_POLLING = { pollMs: 60_000, maxAgeMs: 120_000 }

describe('rendered pages kept per catalogue version', () => {
  let ctx: TestContext
  let dist: { dir: string; entry: string }
  let product: Product
  beforeAll(async () => {
    dist = webDist()
    ctx = await buildTestApp(
      { webDistDir: dist.dir, webRendererEntry: dist.entry },
      {},
      { requireAdmin: allowAllAdmins, catalogVersionTiming: NO_POLLING, pageDraws: seededRandom() },
    )
    product = await create<Product>(ctx.app, 'products', productInput({ name: 'כמון טחון' }))
  })
  afterAll(async () => {
    await ctx.close()
    fs.rmSync(dist.dir, { recursive: true, force: true })
  })

  const page = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } })

  it('answers a repeat visit with the kept page, its ETag and a 304', async () => {
    const first = await page(`/products/${product._id}`)
    const second = await page(`/products/${product._id}`)
    expect(first.statusCode).toBe(200)
    expect(heading(first.body)).toBe('כמון טחון')
    expect(second.body).toBe(first.body)
    expect(renderNumber(second.body)).toBe(renderNumber(first.body))
    expect(second.headers.etag).toBe(first.headers.etag)
    expect(second.headers['cache-control']).toBe('no-cache')
    const conditional = await page(`/products/${product._id}`, {
      'if-none-match': String(first.headers.etag),
    })
    expect(conditional.statusCode).toBe(304)
    expect(conditional.body).toBe('')
  })

  it('sends a kept page with the security headers of its first answer', async () => {
    const first = await page('/products?kept=headers')
    const repeat = await page('/products?kept=headers')
    expect(renderNumber(repeat.body)).toBe(renderNumber(first.body))
    for (const name of ['content-security-policy', 'x-content-type-options', 'referrer-policy']) {
      expect(first.headers[name]).toBeTruthy()
      expect(repeat.headers[name]).toBe(first.headers[name])
    }
    expect(repeat.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(repeat.headers['set-cookie']).toBeUndefined()
  })

  it('sends the kept page compressed to a browser that accepts it', async () => {
    const plain = await page(`/products/${product._id}`)
    const br = await page(`/products/${product._id}`, { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toContain('accept-encoding')
    const { brotliDecompressSync } = await import('node:zlib')
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body)
  })

  it('shows an admin’s write on the next page at once, on the process that wrote', async () => {
    const before = await page(`/products/${product._id}`)
    const update = await ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${product._id}`,
      payload: productInput({ name: 'כמון טחון טרי' }),
    })
    expect(update.statusCode).toBe(200)
    const after = await page(`/products/${product._id}`, { 'if-none-match': String(before.headers.etag) })
    expect(after.statusCode).toBe(200)
    expect(heading(after.body)).toBe('כמון טחון טרי')
    expect(renderNumber(after.body)).toBeGreaterThan(renderNumber(before.body))
  })

  it('keeps a page across a write that changed nothing on it, and renders it after one that did', async () => {
    const other = await create<Product>(ctx.app, 'products', productInput({ name: 'פפריקה' }))
    const url = `/products/${product._id}`
    const before = await page(url)
    const elsewhere = await ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${other._id}`,
      payload: productInput({ name: 'פפריקה מתוקה' }),
    })
    expect(elsewhere.statusCode).toBe(200)
    // Its read answers as before: the same page, not rendered again (not for two visits at
    // once either), and the visitor's copy still good.
    const [kept, alongside] = await Promise.all([page(url), page(url)])
    expect(kept.body).toBe(before.body)
    expect(renderNumber(kept.body)).toBe(renderNumber(before.body))
    expect(renderNumber(alongside.body)).toBe(renderNumber(before.body))
    const conditional = await page(url, { 'if-none-match': String(before.headers.etag) })
    expect(conditional.statusCode).toBe(304)
    expect(heading((await page(`/products/${other._id}`)).body)).toBe('פפריקה מתוקה')

    const own = await ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${product._id}`,
      payload: productInput({ name: 'כמון שחור' }),
    })
    expect(own.statusCode).toBe(200)
    const changed = await page(url)
    expect(heading(changed.body)).toBe('כמון שחור')
    expect(renderNumber(changed.body)).toBeGreaterThan(renderNumber(before.body))
  })

  it('checks a page made with a read by POST (a recipe’s products by name) the same way', async () => {
    const saffron = await create<Product>(ctx.app, 'products', productInput({ name: 'זעפרן' }))
    const other = await create<Product>(ctx.app, 'products', productInput({ name: 'כורכום' }))
    const url = `/recipes?ingredient=${encodeURIComponent('זעפרן')}`
    const before = await page(url)
    expect(heading(before.body)).toBe('זעפרן')
    const write = (id: string, name: string) =>
      ctx.app.inject({ method: 'PUT', url: `/api/products/${id}`, payload: productInput({ name }) })
    expect((await write(other._id, 'כורכום טחון')).statusCode).toBe(200)
    expect(renderNumber((await page(url)).body)).toBe(renderNumber(before.body))
    expect((await write(saffron._id, 'זעפרן ספרדי')).statusCode).toBe(200)
    // The check's answer is the render's: the read is asked once, not again by the render.
    const inject = vi.spyOn(ctx.app, 'inject')
    const after = await page(url)
    const asked = inject.mock.calls.filter((call) => JSON.stringify(call).includes('/api/products/names'))
    inject.mockRestore()
    expect(heading(after.body)).toBe('')
    expect(renderNumber(after.body)).toBeGreaterThan(renderNumber(before.body))
    expect(asked).toHaveLength(1)
  })

  it('keeps a few draws of a page with random parts, so visitors still see different ones', async () => {
    for (let i = 0; i < 19; i++) await create<Product>(ctx.app, 'products', productInput())
    const visits = async (count: number) => {
      const bodies: string[] = []
      for (let i = 0; i < count; i++) bodies.push((await page('/')).body)
      return bodies
    }
    // The first four visits make the four draws kept for this version; they differ from each
    // other (four products of twenty at random, each time).
    const first = await visits(4)
    const draws = new Set(first.map(renderNumber))
    expect(draws.size).toBe(4)
    expect(new Set(first.map(heading)).size).toBeGreaterThan(1)
    // Later visitors get one of them at random, and no new render.
    const later = new Set((await visits(36)).map(renderNumber))
    expect([...later].filter((render) => !draws.has(render))).toEqual([])
    expect(later.size).toBeGreaterThan(1)
  })

  it('keeps the draws of a page whose random part is its picture across a write elsewhere', async () => {
    const other = await create<Product>(ctx.app, 'products', productInput({ name: 'חילבה' }))
    const url = `/?hero=${product._id}`
    const visits = async () => {
      const bodies: string[] = []
      for (let i = 0; i < 60; i++) bodies.push((await page(url)).body)
      return bodies
    }
    const before = await visits()
    const draws = new Set(before.map(renderNumber))
    expect(draws.size).toBe(4)
    const write = (id: string, name: string) =>
      ctx.app.inject({ method: 'PUT', url: `/api/products/${id}`, payload: productInput({ name }) })
    expect((await write(other._id, 'חילבה טחונה')).statusCode).toBe(200)
    // Its read answers as before: the same draws, none rendered again, still given at random.
    const after = new Set((await visits()).map(renderNumber))
    expect([...after].filter((render) => !draws.has(render))).toEqual([])
    expect(after.size).toBeGreaterThan(1)
    expect((await write(product._id, 'כמון ירוק')).statusCode).toBe(200)
    const changed = await page(url)
    expect(heading(changed.body)).toBe('כמון ירוק')
    expect(renderNumber(changed.body)).toBeGreaterThan(Math.max(...draws))
  })

  it('does not keep the pages only the browser renders', async () => {
    const response = await page('/admin')
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('<div id="root"></div>')
  })

  it('renders checkout for each visit: it is about the visitor’s own cart', async () => {
    const first = await page('/checkout')
    const second = await page('/checkout')
    expect(first.statusCode).toBe(200)
    expect(renderNumber(second.body)).toBeGreaterThan(renderNumber(first.body))
  })
})

describe('a write nobody announced', () => {
  let ctx: TestContext
  let dist: { dir: string; entry: string }
  beforeAll(async () => {
    dist = webDist()
    // The default timing: checked every 250 ms, trusted for at most 1 s (decision 160).
    ctx = await buildTestApp(
      { webDistDir: dist.dir, webRendererEntry: dist.entry },
      {},
      { requireAdmin: allowAllAdmins },
    )
  })
  afterAll(async () => {
    await ctx.close()
    fs.rmSync(dist.dir, { recursive: true, force: true })
  })

  it('is on the page within one second, though its notification was lost', async () => {
    const product = await create<Product>(ctx.app, 'products', productInput({ name: 'הל' }))
    const url = `/products/${product._id}`
    const page = () => ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })
    expect(heading((await page()).body)).toBe('הל')
    const { db } = ctx.database
    // The trigger of migration 0004 is what announces a version; without it the commit is silent.
    await db.execute(sql`alter table catalog_state disable trigger catalog_state_notify_version`)
    await db.execute(sql`update products set name = 'הל ירוק' where id = ${product._id}`)
    const committedAt = performance.now()
    await db.execute(sql`alter table catalog_state enable trigger catalog_state_notify_version`)
    await sleep(Math.max(0, committedAt + 1000 - performance.now()))
    expect(heading((await page()).body)).toBe('הל ירוק')
  })
})

describe.runIf(testEngine() === 'postgres')('two server processes on one database', () => {
  let drop: () => Promise<void>
  const handles: DatabaseHandle[] = []
  const apps: App[] = []
  let dist: { dir: string; entry: string }
  let dataDir: string
  beforeAll(async () => {
    dist = webDist()
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tavlin-two-'))
    const created = await createPostgresTestDatabase()
    drop = created.drop
    const config = loadConfig(
      { NODE_ENV: 'test', DATA_DIR: dataDir, RECONCILE_INTERVAL_SECONDS: '0' },
      { webDistDir: dist.dir, webRendererEntry: dist.entry },
    )
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ kind: 'postgres', url: created.url })
      if (i === 0) await migrateDatabase(database)
      handles.push(database)
      apps.push(
        await buildApp({
          config,
          database,
          requireAdmin: allowAllAdmins,
          catalogVersionTiming: NO_POLLING,
        }),
      )
    }
  })
  afterAll(async () => {
    for (const app of apps) await app.close()
    await drop?.()
    fs.rmSync(dist.dir, { recursive: true, force: true })
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it('shows a write made on one process on the other’s next page, once notified', async () => {
    const [writer, reader] = apps as [App, App]
    const product = await create<Product>(writer, 'products', productInput({ name: 'זעתר' }))
    const page = () =>
      reader.inject({ method: 'GET', url: `/products/${product._id}`, headers: { accept: 'text/html' } })
    await expect.poll(async () => heading((await page()).body), { timeout: 5000 }).toBe('זעתר')
    const kept = await page()
    expect(renderNumber((await page()).body)).toBe(renderNumber(kept.body))
    const update = await writer.inject({
      method: 'PUT',
      url: `/api/products/${product._id}`,
      payload: productInput({ name: 'זעתר ירוק' }),
    })
    expect(update.statusCode).toBe(200)
    // The reader checks the version only every minute here: the notification is what tells it.
    await expect
      .poll(async () => heading((await page()).body), { timeout: 5000, interval: 20 })
      .toBe('זעתר ירוק')
  })
})

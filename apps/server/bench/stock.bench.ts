/**
 * Overselling (issue 19): 200 checkouts at once for the last 7 units of one size. Exactly 7
 * orders may be created, the rest answered 409 OUT_OF_STOCK, and the count must end at 0.
 *
 *   node --import tsx --conditions=@tavlin/source bench/stock.bench.ts
 *
 * On embedded PGlite with one server (in this process), and, when TEST_DATABASE_URL or
 * DATABASE_URL names a PostgreSQL server, through two server processes on one temporary
 * database there (dropped afterwards), the checkouts shared between them.
 * BENCH_CHECKOUTS and BENCH_UNITS change the figures.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import { buildApp } from '../src/app.js'
import { loadConfig } from '../src/config/env.js'
import { openMigratedDatabase } from '../src/db/bootstrap.js'
import type { DatabaseHandle } from '../src/db/client.js'
import { orderItems, productSizes, stockMovements } from '../src/db/schema/index.js'
import { createPostgresDatabase } from '../src/test/build-test-app.js'
import { saleRequest, seedCatalogue } from '../src/test/factories.js'
import { freePort, startServerProcess, type ServerProcess } from '../src/test/server-process.js'

const checkouts = Number(process.env.BENCH_CHECKOUTS ?? 200)
const units = Number(process.env.BENCH_UNITS ?? 7)
const SIZE = '100 גרם'

type Shop = { ids: { productId: string; packageId: string }; database: DatabaseHandle }

async function main(): Promise<void> {
  await onPglite()
  const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL
  if (!serverUrl) {
    process.stdout.write(
      'PostgreSQL: skipped (set TEST_DATABASE_URL to a server where a database may be created)\n',
    )
    return
  }
  await onPostgres(serverUrl)
}

function configFor(port: number, dataDir: string, databaseUrl?: string) {
  return loadConfig({
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    RECONCILE_INTERVAL_SECONDS: '0',
    // Every checkout comes from 127.0.0.1: the per-address checkout limit is not what is measured.
    CHECKOUT_RATE_LIMIT_PER_MINUTE: '10000',
    // And from one customer: the limit on orders waiting for payment is not measured either.
    UNPAID_ORDERS_PER_EMAIL: '1000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  })
}

async function prepare(database: DatabaseHandle): Promise<Shop> {
  const ids = await seedCatalogue(database.db)
  await database.db
    .update(productSizes)
    .set({ stock: units })
    .where(and(eq(productSizes.productId, ids.productId), eq(productSizes.sizeName, SIZE)))
  return { ids, database }
}

async function onPglite(): Promise<void> {
  const port = await freePort()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tavlin-stock-bench-'))
  const config = configFor(port, dataDir)
  const database = await openMigratedDatabase(config)
  const shop = await prepare(database)
  const app = await buildApp({ config, database })
  await app.listen({ host: '127.0.0.1', port })
  try {
    await run(shop, [`http://127.0.0.1:${port}`], 'PGlite, one server process')
  } finally {
    await app.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

async function onPostgres(serverUrl: string): Promise<void> {
  const temporary = await createPostgresDatabase(serverUrl, 'tavlin_stock_bench')
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tavlin-stock-bench-'))
  const database = await openMigratedDatabase(configFor(await freePort(), dataDir, temporary.url))
  const servers: ServerProcess[] = []
  try {
    const shop = await prepare(database)
    for (let i = 0; i < 2; i += 1) {
      const port = await freePort()
      servers.push(
        await startServerProcess({
          PORT: String(port),
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          DATABASE_URL: temporary.url,
          DATA_DIR: fs.mkdtempSync(path.join(dataDir, `server-${i}-`)),
          RECONCILE_INTERVAL_SECONDS: '0',
        }),
      )
    }
    const bases = servers.map((server) => `http://127.0.0.1:${server.port}`)
    await run(shop, bases, 'PostgreSQL, two server processes')
  } finally {
    for (const server of servers) server.child.kill('SIGTERM')
    await Promise.all(servers.map((server) => server.exited))
    await database.close()
    await temporary.drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

/** The checkouts all at once, shared between the servers; then the database is asked what happened. */
async function run(shop: Shop, bases: string[], label: string): Promise<void> {
  const body = saleRequest(shop.ids, { totalPrice: 39.9 })
  body.orderItems = [{ ...body.orderItems[0]!, quantity: 1 }]
  const payload = JSON.stringify(body)
  const runId = crypto.randomBytes(4).toString('hex')
  const started = performance.now()
  const answers = await Promise.all(
    Array.from({ length: checkouts }, async (_, i) => {
      const response = await fetch(`${bases[i % bases.length]}/api/orders/generate-sale`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': `stock-${runId}-${i}` },
        body: payload,
      })
      const answer = (await response.json()) as { code?: string }
      return { status: response.status, code: answer.code ?? null }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  const created = answers.filter((answer) => answer.status === 201).length
  const outOfStock = answers.filter((answer) => answer.code === 'OUT_OF_STOCK').length
  const other = checkouts - created - outOfStock
  const { db } = shop.database
  const [size] = await db
    .select({ stock: productSizes.stock })
    .from(productSizes)
    .where(and(eq(productSizes.productId, shop.ids.productId), eq(productSizes.sizeName, SIZE)))
  const [lines] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orderItems)
    .where(eq(orderItems.itemId, shop.ids.productId))
  const [moved] = await db
    .select({ total: sql<number>`coalesce(sum(${stockMovements.delta}), 0)::int` })
    .from(stockMovements)
    .where(eq(stockMovements.itemId, shop.ids.productId))
  process.stdout.write(
    [
      `${label}: ${checkouts} concurrent checkouts for the last ${units} units, ${seconds.toFixed(1)} s`,
      `orders created: ${created} (order lines stored: ${lines!.n}), OUT_OF_STOCK: ${outOfStock}, other answers: ${other}`,
      `final stock: ${size!.stock} (stock movements sum: ${moved!.total})`,
      '',
    ].join('\n'),
  )
  if (created !== units || lines!.n !== units || size!.stock !== 0 || outOfStock !== checkouts - units)
    process.exitCode = 1
}

await main()

/**
 * Checkout under load: POST /api/orders/generate-sale against the built-in
 * PayPlus sandbox (a real HTTP round trip per order), 20 connections for 10 s.
 * Then every 201 is checked against the database: exactly one order each.
 *
 *   node --import tsx --conditions=@tavlin/source bench/orders.bench.ts
 *
 * It runs on embedded PGlite in a temporary folder and, when TEST_DATABASE_URL names a
 * PostgreSQL server, again on a temporary database there (dropped afterwards).
 * BENCH_CONNECTIONS and BENCH_SECONDS change the load.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { inArray } from 'drizzle-orm'
import { buildApp } from '../src/app.js'
import { loadConfig } from '../src/config/env.js'
import { openMigratedDatabase } from '../src/db/bootstrap.js'
import type { DatabaseHandle } from '../src/db/client.js'
import { orders } from '../src/db/schema/index.js'
import { saleRequest, seedCatalogue } from '../src/test/factories.js'
import { createPostgresTestDatabase } from '../src/test/build-test-app.js'
import { freePort } from '../src/test/server-process.js'

const connections = Number(process.env.BENCH_CONNECTIONS ?? 20)
const duration = Number(process.env.BENCH_SECONDS ?? 10)

async function main(): Promise<void> {
  await runOn(undefined)
  if (!process.env.TEST_DATABASE_URL) {
    process.stdout.write(
      'PostgreSQL: skipped (set TEST_DATABASE_URL to a server where a database may be created)\n',
    )
    return
  }
  const temporary = await createPostgresTestDatabase()
  try {
    await runOn(temporary.url)
  } finally {
    await temporary.drop()
  }
}

async function runOn(databaseUrl: string | undefined): Promise<void> {
  const port = await freePort()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tavlin-bench-'))
  const config = loadConfig({
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
  const database = await openMigratedDatabase(config)
  const ids = await seedCatalogue(database.db)
  const app = await buildApp({ config, database })
  await app.listen({ host: '127.0.0.1', port })
  const body = JSON.stringify(saleRequest(ids))

  const answered = new Map<string, string>() // idempotency key → order id of its 201
  const statuses = new Map<number, number>()
  const runId = crypto.randomBytes(4).toString('hex')
  let sequence = 0
  try {
    const result = await autocannon({
      url: `http://127.0.0.1:${port}`,
      connections,
      duration,
      requests: [
        {
          method: 'POST',
          path: '/api/orders/generate-sale',
          headers: { 'content-type': 'application/json' },
          body,
          setupRequest: (request, context) => {
            const key = `bench-${runId}-${++sequence}`
            ;(context as { key?: string }).key = key
            return { ...request, headers: { ...request.headers, 'idempotency-key': key } }
          },
          onResponse: (status, responseBody, context) => {
            statuses.set(status, (statuses.get(status) ?? 0) + 1)
            const key = (context as { key?: string }).key
            if (status === 201 && key) answered.set(key, JSON.parse(responseBody).data.order._id)
          },
        },
      ],
    })

    // autocannon stops at the deadline with requests still in flight; let them finish first.
    await new Promise((resolve) => setTimeout(resolve, 3000))
    const { lost, duplicated } = await checkOrders(database, answered)

    const seconds = duration
    process.stdout.write(
      [
        `POST /api/orders/generate-sale, built-in PayPlus sandbox, ${database.engine}, ${connections} connections, ${seconds} s`,
        `orders/s: ${(answered.size / seconds).toFixed(1)} (201 responses: ${answered.size})`,
        `latency p50: ${result.latency.p50} ms, p99: ${result.latency.p99} ms, max: ${result.latency.max} ms`,
        `status codes: ${[...statuses.entries()].map(([code, n]) => `${code}×${n}`).join(', ')}; errors: ${result.errors}, timeouts: ${result.timeouts}`,
        `lost: ${lost}, duplicated: ${duplicated}`,
        '',
      ].join('\n'),
    )
    if (lost > 0 || duplicated > 0) process.exitCode = 1
  } finally {
    await app.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

/** Each 201 against the database: its order stored (else lost), and only once (else duplicated). */
async function checkOrders(
  database: DatabaseHandle,
  answered: Map<string, string>,
): Promise<{ lost: number; duplicated: number }> {
  const keys = [...answered.keys()]
  const rows: Array<{ id: string; key: string | null }> = []
  for (let i = 0; i < keys.length; i += 500) {
    rows.push(
      ...(await database.db
        .select({ id: orders.id, key: orders.idempotencyKey })
        .from(orders)
        .where(inArray(orders.idempotencyKey, keys.slice(i, i + 500)))),
    )
  }
  const byKey = new Map<string, string[]>()
  for (const row of rows) byKey.set(row.key!, [...(byKey.get(row.key!) ?? []), row.id])
  let lost = 0
  let duplicated = 0
  for (const [key, orderId] of answered) {
    const stored = byKey.get(key) ?? []
    if (!stored.includes(orderId)) lost += 1
    if (stored.length > 1) duplicated += stored.length - 1
  }
  duplicated += answered.size - new Set(answered.values()).size

  return { lost, duplicated }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${(error as Error).stack ?? String(error)}\n`)
  process.exit(1)
})

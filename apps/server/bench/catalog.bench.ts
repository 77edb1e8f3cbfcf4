/**
 * Catalogue read benchmark (issue 3): a bare Fastify route returning 5 KB of static JSON
 * is the ceiling; each catalogue route is reported as a share of it. Runs on PGlite and,
 * when TEST_DATABASE_URL is set, on a temporary PostgreSQL database dropped afterwards.
 * autocannon runs as its own process so the load generator does not share the server's
 * event loop. Usage: `npm run bench` (optionally BENCH_DURATION=seconds).
 */
import { execFile } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import Fastify from 'fastify'
import pg from 'pg'
import { buildApp, type App } from '../src/app.js'
import { loadConfig } from '../src/config/env.js'
import { migrateDatabase, openDatabase, type DatabaseHandle } from '../src/db/client.js'
import { seedIfEmpty } from '../src/db/seed/seed.js'

const run = promisify(execFile)
const CONNECTIONS = 50
const DURATION = Number(process.env.BENCH_DURATION ?? 10)
const WARM_UP = 2
const autocannonBin = fileURLToPath(new URL('../../../node_modules/.bin/autocannon', import.meta.url))

type Result = { name: string; requests: number; p99: number; non2xx: number; errors: number }

async function measure(name: string, url: string, seconds = DURATION): Promise<Result> {
  const { stdout } = await run(autocannonBin, ['-c', String(CONNECTIONS), '-d', String(seconds), '-j', url], {
    maxBuffer: 64 * 1024 * 1024,
  })
  const report = JSON.parse(stdout.trim().split('\n').pop()!) as {
    requests: { average: number }
    latency: { p99: number }
    non2xx: number
    errors: number
  }
  return {
    name,
    requests: report.requests.average,
    p99: report.latency.p99,
    non2xx: report.non2xx,
    errors: report.errors,
  }
}

function print(results: Result[], ceiling: number): void {
  for (const r of results) {
    const share = ((r.requests / ceiling) * 100).toFixed(0).padStart(4)
    const failures = r.non2xx + r.errors > 0 ? `  (${r.non2xx} non-2xx, ${r.errors} errors)` : ''
    console.log(
      `  ${r.name.padEnd(44)} ${r.requests.toFixed(0).padStart(7)} req/s  p99 ${String(r.p99).padStart(4)} ms  ${share} % of ceiling${failures}`,
    )
  }
}

async function ceilingRun(): Promise<Result> {
  const bare = Fastify({ logger: false })
  const items = Array.from({ length: 9 }, (_, i) => ({
    _id: crypto.randomUUID(),
    name: `מוצר ${i}`,
    shortDescription: 'תיאור קצר של מוצר לדוגמה, בערך באורכו של תיאור אמיתי בחנות',
    image: `/uploads/products/${i}.webp`,
    pricing: [{ size: { sizeName: '100 גרם', sizeQuantity: 100 }, price: 12.5 }],
    categories: [{ nameInEnglish: 'spices', nameInHebrew: 'תבלינים' }],
  }))
  const body = JSON.stringify({
    success: true,
    data: { items, currentPage: 1, totalPages: 5, totalItems: 40 },
  })
  const padded = JSON.stringify({
    success: true,
    data: { items, pad: 'x'.repeat(Math.max(0, 5 * 1024 - body.length - 10)) },
  })
  bare.get('/static', (_request, reply) => reply.type('application/json').send(padded))
  const address = await bare.listen({ host: '127.0.0.1', port: 0 })
  try {
    await measure('warm-up', `${address}/static`, WARM_UP)
    return await measure(
      `ceiling: bare Fastify, ${(padded.length / 1024).toFixed(1)} KB static JSON`,
      `${address}/static`,
    )
  } finally {
    await bare.close()
  }
}

/** The demo catalogue: 42 products in every category, as a visitor sees it. */
async function ensureCatalogue(handle: DatabaseHandle, config: ReturnType<typeof loadConfig>): Promise<void> {
  await seedIfEmpty(handle.db, config)
}

async function benchEngine(label: string, handle: DatabaseHandle, ceiling: number): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tavlin-bench-'))
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: dataDir })
  await ensureCatalogue(handle, config)
  const app: App = await buildApp({ config, database: handle })
  const address = await app.listen({ host: '127.0.0.1', port: 0 })
  try {
    const first = (await (await fetch(`${address}/api/products?page=1&limit=9`)).json()) as {
      data: { items: Array<{ _id: string }>; totalItems: number }
    }
    const id = first.data.items[0]!._id
    const filter = encodeURIComponent('פלפל')
    const hits = (await (await fetch(`${address}/api/products?filter=${filter}`)).json()) as {
      data: { totalItems: number }
    }
    console.log(`\n${label}: ${first.data.totalItems} products; search "פלפל" finds ${hits.data.totalItems}`)
    const results: Result[] = []
    const routes = [
      ['GET /api/products?page=1&limit=9', '/api/products?page=1&limit=9'],
      ['GET /api/products/{id}', `/api/products/${id}`],
      ['GET /api/products?filter=פלפל', `/api/products?filter=${filter}`],
    ] as const
    // Warm up first (JIT, connection pool, the response cache), unreported.
    for (const [, url] of routes) await measure('warm-up', `${address}${url}`, WARM_UP)
    for (const [name, url] of routes) results.push(await measure(name, `${address}${url}`))
    print(results, ceiling)
  } finally {
    await app.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

async function main(): Promise<void> {
  console.log(
    `Catalogue benchmark: ${CONNECTIONS} connections, ${DURATION} s per route, ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  )
  const ceiling = await ceilingRun()
  print([ceiling], ceiling.requests)

  const pglite = await openDatabase({ kind: 'pglite', dataDir: null })
  await migrateDatabase(pglite)
  await benchEngine('PGlite (in memory)', pglite, ceiling.requests)

  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) {
    console.log('\nPostgreSQL: skipped (set TEST_DATABASE_URL to a server where a database may be created)')
    return
  }
  const name = `tavlin_bench_${process.pid}_${crypto.randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${name}"`)
  try {
    const url = new URL(serverUrl)
    url.pathname = `/${name}`
    const postgres = await openDatabase({ kind: 'postgres', url: url.toString() })
    await migrateDatabase(postgres)
    await benchEngine('PostgreSQL', postgres, ceiling.requests)
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    await admin.end()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})

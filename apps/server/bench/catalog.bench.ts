/**
 * Catalogue and page benchmark (issues 3 and 20). A bare Fastify route returning 5 KB of
 * static JSON is the ceiling, measured in the same run; every address is reported as a share
 * of it, with its p99, and each engine's server process with its peak RSS:
 * - the JSON reads (a list page, a product by id, a search);
 * - the server-rendered pages (/, /products, a product page, a recipe page), cached (a
 *   visitor's repeat: autocannon, 50 connections) and after an admin write (the first
 *   request after it, one at a time: docs/decisions/160, 168 and 232);
 * - a crawler walking 3,000 unique search pages 20 at a time (BENCH_CRAWL), those that find
 *   something and those that find nothing, and other visitors' p99 during it against quiet
 *   (issue 38), then the process's peak RSS through all of the above;
 * - the time from start to healthy of `npm start`'s server on the existing database, and
 *   that process's resident memory once idle.
 * The server runs as a process of its own (bench/bench-server.ts, on the database a first
 * run of it seeded), as does autocannon, so neither the load generator, the seed nor the
 * other engine shares its event loop or its memory.
 * Runs on PGlite and, when TEST_DATABASE_URL is set, on a temporary PostgreSQL database
 * dropped afterwards. Needs the built web app for the pages (`npm run build`).
 * Usage: `npm run bench` (BENCH_DURATION=seconds per address, BENCH_UNCACHED=renders).
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { freePort } from '../src/test/server-process.js'
import {
  CONNECTIONS,
  DURATION,
  LOAD_SECONDS,
  UNCACHED_RENDERS,
  benchServerArgs,
  ceilingRun,
  json,
  measure,
  print,
  serverDir,
  startEnv,
  startFlags,
  startProcess,
  stopProcess,
  tsxArgs,
  untilHealthy,
} from './catalog-bench-tools.js'
import type { Entity } from './catalog-bench-writes.js'
import { crawlRows } from './catalog-bench-search-crawl.js'
import { throughputRows } from './catalog-bench-throughput.js'

/** Only the crawl rows, memory and start (`npm run bench:crawl`): the rows before them take minutes. */
const CRAWL_ONLY = process.env.BENCH_CRAWL_ONLY === 'true'

/** `npm start`'s server (dist/server.js when built, else the sources through tsx) on the existing database. */
async function startToHealthy(
  env: NodeJS.ProcessEnv,
  load: ReadonlyArray<readonly [string, boolean]>,
): Promise<{ ms: number; idleRss: number; loadedPeakRss: number; how: string }> {
  const port = await freePort()
  const built = fs.existsSync(path.join(serverDir, 'dist', 'server.js'))
  const args = [...startFlags(), ...(built ? ['dist/server.js'] : [...tsxArgs, 'src/server.ts'])]
  const started = performance.now()
  const { child } = startProcess(args, { ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' })
  try {
    await untilHealthy(child, port)
    const ms = performance.now() - started
    // What the process holds once it has nothing to do (Linux: VmRSS in /proc).
    await new Promise((resolve) => setTimeout(resolve, 2000))
    const memory = (field: string) =>
      Number(
        new RegExp(`${field}:\\s+(\\d+)`).exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ??
          0,
      ) * 1024
    const idleRss = memory('VmRSS')
    // The same kind of load as above, on the process `npm start` runs (no tsx, no seed in it).
    for (const [url, html] of load)
      await measure('load', `http://127.0.0.1:${port}${url}`, LOAD_SECONDS, html)
    return {
      ms,
      idleRss,
      loadedPeakRss: memory('VmHWM'),
      how:
        [...Object.entries(startEnv()).map((pair) => pair.join('=')), ...startFlags()].join(' ') +
        (built ? ' dist/server.js' : ' tsx src/server.ts'),
    }
  } finally {
    await stopProcess(child)
  }
}

const MB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`

async function benchEngine(label: string, env: NodeJS.ProcessEnv, ceiling: number): Promise<void> {
  const seeding = startProcess([...tsxArgs, 'bench/bench-server.ts'], { ...env, BENCH_SEED_ONLY: 'true' })
  seeding.firstLine.catch(() => {})
  const seeded = await new Promise<number | null>((resolve) => seeding.child.once('exit', resolve))
  if (seeded !== 0) throw new Error(`seeding the demo catalogue failed (${seeded})`)
  // As `npm start` runs the server: bundled (npm run build), with its flags; tsx alone holds ~100 MB.
  const server = startProcess(benchServerArgs(), env)
  let started: { address: string; rendered: boolean }
  try {
    started = JSON.parse(await server.firstLine) as { address: string; rendered: boolean }
  } catch (error) {
    await stopProcess(server.child)
    throw error
  }
  const { address } = started
  let load: Array<readonly [string, boolean]> = []
  try {
    const first = await json<{ data: { items: Entity[]; totalItems: number } }>(
      `${address}/api/products?page=1&limit=9`,
    )
    const product = await json<{ data: Entity }>(`${address}/api/products/${first.data.items[0]!._id}`)
    const recipes = await json<{ data: { items: Entity[] } }>(`${address}/api/recipes?page=1&limit=9`)
    const filter = encodeURIComponent('פלפל')
    const hits = await json<{ data: { totalItems: number } }>(`${address}/api/products?filter=${filter}`)
    console.log(`\n${label}: ${first.data.totalItems} products; search "פלפל" finds ${hits.data.totalItems}`)
    const id = product.data._id
    const reads = [
      ['GET /api/products?page=1&limit=9', '/api/products?page=1&limit=9'],
      ['GET /api/products/{id}', `/api/products/${id}`],
      ['GET /api/products?filter=פלפל', `/api/products?filter=${filter}`],
    ] as const
    const pages = [
      ['/', '/'],
      ['/products', '/products'],
      ['a product page', `/products/${id}`],
      ['a recipe page', `/recipes/${recipes.data.items[0]!._id}`],
    ] as const
    load = [...reads.map(([, url]) => [url, false] as const), ...pages.map(([, url]) => [url, true] as const)]
    if (!started.rendered) console.log('  (web app not built: pages are index.html only; run npm run build)')
    if (!CRAWL_ONLY) await throughputRows(address, reads, pages, product.data, ceiling)
    await crawlRows(address, [
      ['a kept page (/products, brotli)', '/products', true],
      ['the JSON list', '/api/products?page=1&limit=9', false],
      ['checkout’s page', '/checkout', true],
    ])
    const memory = await json<{ rss: number; peakRss: number; heapUsed: number; wasmMemory: number }>(
      `${address}/__bench/memory`,
    )
    const wasm = memory.wasmMemory ? `, PGlite's WebAssembly memory ${MB(memory.wasmMemory)}` : ''
    console.log(
      `  peak RSS of the server process through every row above: ${MB(memory.peakRss)} (now ${MB(memory.rss)}, JavaScript heap used ${MB(memory.heapUsed)}${wasm})`,
    )
  } finally {
    await stopProcess(server.child)
  }
  const start = await startToHealthy(env, load)
  console.log(
    `  start to healthy on the existing database: ${start.ms.toFixed(0)} ms (${start.how}); idle RSS ${MB(start.idleRss)}`,
  )
  console.log(
    `  peak RSS of that server after ${LOAD_SECONDS} s of load on each address above: ${MB(start.loadedPeakRss)}`,
  )
}

async function main(): Promise<void> {
  console.log(
    `Catalogue and page benchmark: ${CONNECTIONS} connections, ${DURATION} s per address, ${UNCACHED_RENDERS} uncached renders per page, ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  )
  const ceiling = await ceilingRun()
  print([ceiling], ceiling.requests)

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tavlin-bench-'))
  // Every request comes from 127.0.0.1: the per-address render limit (decision 272) is not what is measured.
  const base: NodeJS.ProcessEnv = {
    PAGE_RENDERS_PER_MINUTE: '100000',
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
  }
  delete base.DATABASE_URL
  try {
    await benchEngine(`PGlite (in ${dataDir}/db)`, base, ceiling.requests)
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }

  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) {
    console.log('\nPostgreSQL: skipped (set TEST_DATABASE_URL to a server where a database may be created)')
    return
  }
  const name = `tavlin_bench_${process.pid}_${crypto.randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${name}"`)
  const pgDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tavlin-bench-'))
  try {
    const url = new URL(serverUrl)
    url.pathname = `/${name}`
    await benchEngine(
      'PostgreSQL',
      { ...base, DATA_DIR: pgDataDir, DATABASE_URL: url.toString() },
      ceiling.requests,
    )
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    await admin.end()
    fs.rmSync(pgDataDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})

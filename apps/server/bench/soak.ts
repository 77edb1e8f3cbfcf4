/**
 * Soak run (not in CI): the real server process (`npm start`'s: built, with its flags) on a
 * PostgreSQL database of its own or on PGlite in a data folder of its own, under mixed traffic for a long time — browsing (pages and API), checkouts (half of them
 * paid on the sandbox's card page), admin edits (order status, product text) and image
 * uploads. Prints requests, errors, p99 and the server's RSS at the start and at the end,
 * and fails when RSS grew by more than 10 %.
 *
 *   npm run soak -- --minutes 30 [--workers 6] [--engine postgres|pglite]
 *                   [--database-url postgres://postgres@127.0.0.1:5432/postgres]
 *
 * The database URL names a server where a database may be created; the run creates
 * `tavlin_soak_…` there and drops it at the end. "Start" is the first window after a
 * warm-up (caches and JIT filled), "end" the last window of the same length.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import sharp from 'sharp'
import { freePort } from '../src/test/server-process.js'
import { createPostgresDatabase } from '../src/test/build-test-app.js'
import { prepareShop, startBuiltServer } from './soak-server.js'
import {
  adminEdit,
  browse,
  checkout,
  timer,
  upload,
  type CatalogueItem,
  type Sample,
  type Soak,
} from './soak-traffic.js'

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '30' },
    workers: { type: 'string', default: '6' },
    engine: { type: 'string', default: 'postgres' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    /** Kinds of traffic to leave out, e.g. `--without upload` (to tell where memory goes). */
    without: { type: 'string', default: '' },
  },
})
const without = new Set(values.without.split(',').filter(Boolean))
const minutes = Number(values.minutes)
const workers = Number(values.workers)
if (!(minutes > 0) || !(workers > 0)) throw new Error('--minutes and --workers must be positive numbers')
if (!['postgres', 'pglite'].includes(values.engine)) throw new Error('--engine is postgres or pglite')
const durationMs = minutes * 60_000
/** Start and end windows: a tenth of the run, 20 s to 3 min. */
const windowMs = Math.min(Math.max(durationMs / 10, 20_000), 180_000)
const warmUpMs = windowMs

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
}

function p99(samples: Sample[]): number {
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

async function main(): Promise<void> {
  const database =
    values.engine === 'postgres' ? await createPostgresDatabase(values['database-url'], 'tavlin_soak') : null
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tavlin-soak-'))
  const port = await freePort()
  const publicUrl = `http://127.0.0.1:${port}`
  const env = {
    PORT: String(port),
    DATA_DIR: dataDir,
    ...(database ? { DATABASE_URL: database.url } : {}),
    PUBLIC_URL: publicUrl,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    RECONCILE_INTERVAL_SECONDS: '10',
    // Every worker comes from 127.0.0.1: the per-address limits are not what is soaked.
    FORMS_RATE_LIMIT_PER_MINUTE: '10000',
    CHECKOUT_RATE_LIMIT_PER_MINUTE: '10000',
    PAGE_RENDERS_PER_MINUTE: '100000',
  }
  const where = database ? `PostgreSQL ${database.url.replace(/\/\/.*@/, '//…@')}` : `PGlite in ${dataDir}`
  process.stdout.write(
    `Soak: ${minutes} min, ${workers} workers, ${where}\n` +
      `Machine: ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')} at the start\n`,
  )
  if (!fs.existsSync(new URL('../../web/dist/index.html', import.meta.url))) {
    throw new Error('The web app is not built: run `npm run build` first (the soak browses its pages).')
  }
  const tokens = await prepareShop(env)
  const server = await startBuiltServer(env)
  const pid = server.child.pid!
  let adminToken = await tokens.admin()
  const tokenTimer = setInterval(() => void tokens.admin().then((token) => (adminToken = token)), 5 * 60_000)

  const base = `http://127.0.0.1:${port}`
  const { config, catalogue, image } = await readShop(base)

  const samples: Sample[] = []
  const rss: Array<{ at: number; mb: number }> = []
  const startedAt = Date.now()
  const rssTimer = setInterval(() => rss.push({ at: Date.now() - startedAt, mb: rssMb(pid) }), 2_000)

  const soak: Soak = {
    timed: timer(base, samples, startedAt),
    catalogue,
    config,
    image,
    admin: () => ({ authorization: `Bearer ${adminToken}` }),
  }

  const deadline = startedAt + durationMs
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (Date.now() < deadline) {
        const roll = Math.random()
        if (roll < 0.6) {
          if (!without.has('browse')) await browse(soak)
        } else if (roll < 0.85) {
          if (!without.has('checkout')) await checkout(soak)
        } else if (roll < 0.96) {
          if (!without.has('admin')) await adminEdit(soak)
        } else if (!without.has('upload')) await upload(soak)
      }
    }),
  )
  clearInterval(rssTimer)
  clearInterval(tokenTimer)
  const endedAt = Date.now() - startedAt
  server.child.kill('SIGTERM')
  await server.exited
  await database?.drop()
  fs.rmSync(dataDir, { recursive: true, force: true })

  report(samples, rss, endedAt)
}

/** The shop's shipping fee and first products, as a visitor reads them, and an image to upload. */
async function readShop(base: string) {
  const config = ((await (await fetch(`${base}/api/config`)).json()) as { data: { shippingFee: number } })
    .data
  const catalogue = (
    (await (await fetch(`${base}/api/products?limit=50`)).json()) as {
      data: {
        items: CatalogueItem[]
      }
    }
  ).data.items
  const image = await sharp({
    create: { width: 900, height: 600, channels: 3, background: { r: 180, g: 90, b: 30 } },
  })
    .png()
    .toBuffer()
  return { config, catalogue, image }
}

/** Requests, errors and p99 over the run and its windows, the RSS curve; fails on growth or errors. */
function report(samples: Sample[], rss: Array<{ at: number; mb: number }>, endedAt: number): void {
  const first = samples.filter((s) => s.at >= warmUpMs && s.at < warmUpMs + windowMs)
  const last = samples.filter((s) => s.at >= endedAt - windowMs)
  const rssStart = median(rss.filter((r) => r.at >= warmUpMs && r.at < warmUpMs + windowMs).map((r) => r.mb))
  const rssEnd = median(rss.filter((r) => r.at >= endedAt - windowMs).map((r) => r.mb))
  const growth = (rssEnd - rssStart) / rssStart
  const line = (label: string, list: Sample[]) =>
    `${label.padEnd(22)} ${String(list.length).padStart(7)} requests  ${String(list.filter((s) => !s.ok).length).padStart(4)} errors  p99 ${p99(list).toFixed(0).padStart(5)} ms`
  const kinds = ['browse', 'checkout', 'pay', 'admin', 'upload']
  process.stdout.write(
    [
      '',
      line('whole run', samples),
      line(`start window (${Math.round(windowMs / 1000)} s)`, first),
      line(`end window (${Math.round(windowMs / 1000)} s)`, last),
      ...kinds.map((kind) =>
        line(
          `  ${kind}`,
          samples.filter((s) => s.kind === kind),
        ),
      ),
      `RSS every ${Math.round(durationMs / 10 / 1000)} s (MB): ${Array.from({ length: 11 }, (_, i) =>
        median(rss.filter((r) => Math.abs(r.at - (i * durationMs) / 10) <= 3_000).map((r) => r.mb)).toFixed(
          0,
        ),
      ).join(' ')}`,
      `RSS of the server: ${rssStart.toFixed(0)} MB at the start, ${rssEnd.toFixed(0)} MB at the end (${(growth * 100).toFixed(1)} %), peak ${Math.max(...rss.map((r) => r.mb)).toFixed(0)} MB`,
      `Machine: load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')} at the end (${os.cpus().length} cores)`,
      '',
    ].join('\n'),
  )
  const errors = samples.filter((s) => !s.ok).length
  if (growth > 0.1 || errors > 0) {
    process.stdout.write(`FAILED: ${growth > 0.1 ? 'RSS grew more than 10 %' : `${errors} errors`}\n`)
    process.exit(1)
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Soak failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  )
  process.exit(1)
})

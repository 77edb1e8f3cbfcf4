/**
 * Start to healthy of `npm start`'s server on an existing database (issue 20,
 * docs/decisions/165). Two measurements, each the median of RUNS fresh processes:
 * - total: from spawning `node <npm start's flags> dist/server.js` to the first 200 of
 *   /api/health, polled every 5 ms;
 * - phases: a process that takes server.ts's steps one by one (node's own start, loading
 *   the modules server.ts imports, opening and migrating the database, the seed and first
 *   administrator checks, buildApp, listen, the first /api/health) and prints each time.
 * The database comes from the environment as `npm start` reads it (DATABASE_URL, or PGlite
 * in DATA_DIR). A first, unmeasured run migrates and seeds it when it is new.
 * Needs `npm run build`. Usage (START_RUNS=n for another number of runs):
 *   DATABASE_URL=postgres://… DATA_DIR=/tmp/start-data npm run bench:start -w @tavlin/server
 *   DATA_DIR=/tmp/start-data-pglite npm run bench:start -w @tavlin/server
 */
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { freePort } from '../src/test/server-process.js'
import { serverDir, startFlags, startProcess, stopProcess, untilHealthy } from './catalog-bench-tools.js'

const RUNS = Number(process.env.START_RUNS ?? 5)
const dist = (file: string) => pathToFileURL(path.join(serverDir, 'dist', file)).href

/** The node options `npm start` runs the server with (its heap caps, docs/decisions/155). */
/*
 * server.ts's main() step by step, timed (without its signal handling and welcome text).
 * It imports what server.ts imports (bench/start-steps.ts, an entry of the bundle beside
 * dist/server.js), so "imports" is what the real process loads before it can open the
 * database. Prints one JSON line of milliseconds.
 */
const phasesScript = `
const now = () => performance.now()
const phases = { node: now() }
// As dist/server.js (src/server-entry.ts) does: Node 22.1+'s compile cache; Node 20 has none.
;(await import('node:module')).default.enableCompileCache?.()
let mark = now()
const lap = (name) => { const t = now(); phases[name] = t - mark; mark = t }
const { buildApp, loadConfig, openMigratedDatabase, seedIfEmpty, ensureFirstAdmin, webDistFolder, webRendererEntryFile } =
  await import(${JSON.stringify(dist('start-steps.js'))})
lap('imports')
const config = loadConfig(process.env, { webDistDir: webDistFolder, webRendererEntry: webRendererEntryFile })
const database = await openMigratedDatabase(config)
lap('database')
if (config.seedDemoData) await seedIfEmpty(database.db, config)
await ensureFirstAdmin(config, database.db, () => {})
lap('seed and admin checks')
const app = await buildApp({ config, database })
lap('buildApp')
await app.listen({ port: config.port, host: config.host })
lap('listen')
const response = await fetch('http://127.0.0.1:' + config.port + '/api/health')
await response.arrayBuffer()
if (response.status !== 200) throw new Error('/api/health: ' + response.status)
lap('first /api/health')
phases.total = now()
process.stdout.write(JSON.stringify(phases) + '\\n')
await app.close()
`

function environment(port: number): NodeJS.ProcessEnv {
  return { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port) }
}

/** Spawn to the first 200 of /api/health of the real `npm start` process, in ms. */
async function startToHealthy(): Promise<number> {
  const port = await freePort()
  const started = performance.now()
  const { child, firstLine } = startProcess([...startFlags(), 'dist/server.js'], environment(port))
  firstLine.catch(() => {})
  try {
    await untilHealthy(child, port)
    return performance.now() - started
  } finally {
    await stopProcess(child)
  }
}

async function phases(): Promise<Record<string, number>> {
  const port = await freePort()
  const args = [...startFlags(), '--input-type=module', '-e', phasesScript]
  const { child, firstLine } = startProcess(args, environment(port))
  try {
    return JSON.parse(await firstLine) as Record<string, number>
  } finally {
    await stopProcess(child)
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(serverDir, 'dist', 'server.js'))) throw new Error('run `npm run build` first')
  const engine = process.env.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${process.env.DATA_DIR ?? 'data'}`
  console.log(`Start to healthy on ${engine}, median of ${RUNS} runs (${startFlags().join(' ')})`)
  await startToHealthy() // migrates and seeds a new database; warms the file cache
  const totals: number[] = []
  const runs: Array<Record<string, number>> = []
  for (let i = 0; i < RUNS; i++) {
    totals.push(await startToHealthy())
    runs.push(await phases())
  }
  for (const name of Object.keys(runs[0]!)) {
    const label = name === 'node' ? "node's own start" : name === 'total' ? 'phases in all' : name
    console.log(
      `  ${label.padEnd(24)} ${median(runs.map((run) => run[name]!))
        .toFixed(0)
        .padStart(6)} ms`,
    )
  }
  console.log(`  ${'spawn to healthy'.padEnd(24)} ${median(totals).toFixed(0).padStart(6)} ms`)
  console.log(`  (each run: ${totals.map((ms) => ms.toFixed(0)).join(', ')} ms)`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})

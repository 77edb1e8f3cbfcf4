/**
 * The server as the page benchmark loads it (bench/catalog.bench.ts starts it as a process of
 * its own, so its peak RSS is its own): the real app with the built web app and its page
 * renderer, on DATABASE_URL or embedded PGlite in DATA_DIR, seeded with the demo catalogue.
 * Bench only: it lets every admin write through (loopback only), so "first request after a
 * write" can be measured with real writes, and it answers GET /__bench/memory.
 */
import fs from 'node:fs'
import { buildApp } from '../src/app.js'
import { loadConfig } from '../src/config/env.js'
import { openMigratedDatabase } from '../src/db/bootstrap.js'
import { seedIfEmpty } from '../src/db/seed/seed.js'
import { webDistFolder, webRendererEntryFile } from '../src/package-paths.js'

const config = loadConfig(
  { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', RECONCILE_INTERVAL_SECONDS: '0' },
  {
    webDistDir: fs.existsSync(webDistFolder) ? webDistFolder : null,
    webRendererEntry: fs.existsSync(webRendererEntryFile) ? webRendererEntryFile : null,
  },
)
const database = await openMigratedDatabase(config)
// Seeding draws the demo pictures (sharp): a run of its own, so the measured process starts
// on an existing database as a server does, without the seed's memory in its peak.
if (process.env.BENCH_SEED_ONLY === 'true') {
  await seedIfEmpty(database.db, config)
  await database.close()
  process.exit(0)
}
const app = await buildApp({ config, database, requireAdmin: async () => {} })
app.get('/__bench/memory', async () => ({
  ...process.memoryUsage(),
  // kilobytes on Linux
  peakRss: process.resourceUsage().maxRSS * 1024,
  // PGlite's WebAssembly memory (part of RSS once touched), 0 on PostgreSQL
  wasmMemory: database.wasmMemoryBytes?.() ?? 0,
}))
const address = await app.listen({ host: '127.0.0.1', port: 0 })
process.stdout.write(`${JSON.stringify({ address, rendered: config.webRendererEntry !== null })}\n`)
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => void app.close().then(() => process.exit(0)))
}

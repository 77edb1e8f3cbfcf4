/**
 * Renders storefront pages one after another, each after a write that changed it (every
 * product's and recipe's name, and the catalogue's version; the home page shows neither, and
 * is checked and kept), to profile one render:
 * `PROFILE=renders.cpuprofile node --import tsx --conditions=@tavlin/source
 * bench/profile-pages.ts` writes a CPU profile of the render loop alone (not of the start,
 * the migrations and the seed), to open in Chrome's DevTools. ELSEWHERE=true times the
 * first visit after a write that changed nothing on the page (its reads asked again, the
 * page kept); CACHED=true the repeat visits (the same address each time: page cache hits).
 * DATABASE_URL points it at an empty PostgreSQL database (created beforehand, migrated and
 * seeded here) instead of an in-memory PGlite. Needs the built web app (npm run build).
 */
import fs from 'node:fs'
import { Session } from 'node:inspector/promises'
import { sql } from 'drizzle-orm'
import os from 'node:os'
import path from 'node:path'
import { buildApp } from '../src/app.js'
import { loadConfig } from '../src/config/env.js'
import { migrateDatabase, openDatabase } from '../src/db/client.js'
import { seedIfEmpty } from '../src/db/seed/seed.js'
import { webDistFolder, webRendererEntryFile } from '../src/package-paths.js'

const ROUNDS = Number(process.env.ROUNDS ?? 200)

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tavlin-profile-'))
const config = loadConfig(
  { NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: dataDir },
  { webDistDir: webDistFolder, webRendererEntry: webRendererEntryFile },
)
const database = await openDatabase(
  process.env.DATABASE_URL
    ? { kind: 'postgres', url: process.env.DATABASE_URL }
    : { kind: 'pglite', dataDir: null },
)
await migrateDatabase(database)
await seedIfEmpty(database.db, config)
const app = await buildApp({ config, database })
const products = (await app.inject({ url: '/api/products?page=1&limit=9' })).json() as {
  data: { items: Array<{ _id: string }> }
}
const recipes = (await app.inject({ url: '/api/recipes?page=1&limit=9' })).json() as {
  data: { items: Array<{ _id: string }> }
}
const pages = [
  '/',
  '/products',
  `/products/${products.data.items[0]!._id}`,
  `/recipes/${recipes.data.items[0]!._id}`,
]
const profileOut = process.env.PROFILE
const cached = process.env.CACHED === 'true'
const session = new Session()
if (profileOut) {
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.setSamplingInterval', { interval: 200 })
  await session.post('Profiler.start')
}
for (const page of pages) {
  let total = 0
  let cpu = 0
  for (let i = 0; i < ROUNDS; i++) {
    // What an admin write does to the version (its notification is delivered in process).
    if (!cached) await bumpVersion()
    const started = performance.now()
    const startedCpu = process.cpuUsage()
    const response = await app.inject({ url: page, headers: { accept: 'text/html' } })
    if (response.statusCode !== 200) throw new Error(`${page}: ${response.statusCode}`)
    const used = process.cpuUsage(startedCpu)
    if (i >= 10) {
      total += performance.now() - started
      cpu += (used.user + used.system) / 1000
    }
  }
  const kind = cached
    ? 'kept page'
    : process.env.ELSEWHERE === 'true'
      ? 'check after a write elsewhere'
      : 'uncached render'
  // CPU time as well as wall time: on a shared machine the wall time is mostly waiting.
  const per = (ms: number) => (ms / (ROUNDS - 10)).toFixed(2)
  console.log(`${page.padEnd(50)} ${per(total)} ms (${per(cpu)} ms CPU) per ${kind}`)
}
if (profileOut) {
  const { profile } = await session.post('Profiler.stop')
  fs.writeFileSync(profileOut, JSON.stringify(profile))
  session.disconnect()
}
await app.close()

/**
 * What an admin write does: every product's and recipe's name changes (so no kept page can
 * be refiled unrendered, docs/decisions/168) and the version moves on. ELSEWHERE=true moves
 * only the version, as a write elsewhere in the catalogue does: the pages' reads are asked
 * again and the pages kept.
 */
async function bumpVersion(): Promise<void> {
  if (process.env.ELSEWHERE !== 'true') {
    for (const table of ['products', 'recipes']) {
      await database.db.execute(
        sql.raw(
          `update ${table} set name = case when name like '% ·' then left(name, -2) else name || ' ·' end`,
        ),
      )
    }
  }
  await database.db.execute(sql`update catalog_state set version = version + 1 where id = 1`)
  // PGlite delivers the notification in process, with the statement's result; PostgreSQL
  // over the LISTEN connection, a moment later: wait until this process has it.
  if (process.env.DATABASE_URL) await new Promise((resolve) => setTimeout(resolve, 20))
  else await new Promise((resolve) => setImmediate(resolve))
}

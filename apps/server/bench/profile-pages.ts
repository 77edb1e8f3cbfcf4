/**
 * Renders storefront pages one after another, each a miss of the page cache (a new query
 * string), to profile one render: `node --cpu-prof --import tsx --conditions=@tavlin/source
 * bench/profile-pages.ts`. Needs the built web app (npm run build).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildApp } from '../src/app.js'
import { loadConfig } from '../src/config/env.js'
import { migrateDatabase, openDatabase } from '../src/db/client.js'
import { seedIfEmpty } from '../src/db/seed/seed.js'

const ROUNDS = Number(process.env.ROUNDS ?? 200)
const webDist = fileURLToPath(new URL('../../web/dist', import.meta.url))
const webRendererEntry = fileURLToPath(new URL('../../web/dist-ssr/entry-server.js', import.meta.url))

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tavlin-profile-'))
const config = loadConfig(
  { NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: dataDir },
  { webDistDir: webDist, webRendererEntry },
)
const database = await openDatabase({ kind: 'pglite', dataDir: null })
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
for (const page of pages) {
  let total = 0
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now()
    const response = await app.inject({ url: `${page}?miss=${i}`, headers: { accept: 'text/html' } })
    if (response.statusCode !== 200) throw new Error(`${page}: ${response.statusCode}`)
    if (i >= 10) total += performance.now() - started
  }
  console.log(`${page.padEnd(50)} ${(total / (ROUNDS - 10)).toFixed(2)} ms per uncached render`)
}
await app.close()
fs.rmSync(dataDir, { recursive: true, force: true })

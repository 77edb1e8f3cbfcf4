import crypto from 'node:crypto'
import pg from 'pg'
import Fastify from 'fastify'
import { loadConfig } from './src/config/env.js'
import { migrateDatabase, openDatabase } from './src/db/client.js'
import { buildApp } from './src/app.js'
import { ProductsRepository } from './src/modules/products/products.repository.js'
import { ProductsService } from './src/modules/products/products.service.js'
import { CatalogVersionRepository } from './src/modules/catalog/catalog-version.repository.js'
const engine = process.argv[2]
const serverUrl = 'postgres://postgres@127.0.0.1:5432/postgres'
const name = `tavlin_prof_${crypto.randomBytes(4).toString('hex')}`
const admin = new pg.Client({ connectionString: serverUrl }); await admin.connect(); await admin.query(`CREATE DATABASE "${name}"`)
const h = engine === 'pg' ? await openDatabase({ kind: 'postgres', url: `postgres://postgres@127.0.0.1:5432/${name}` }) : await openDatabase({ kind: 'pglite', dataDir: null })
await migrateDatabase(h)
const svc = new ProductsService(new ProductsRepository(h.db))
for (let i = 0; i < 40; i++) await svc.create({ name: `פלפל ${i}`, shortDescription: 'פלפל שחור טחון באיכות גבוהה מאוד', image: '/x.webp', pricing: [{ size: { sizeName: 'a', sizeQuantity: 1 }, price: 10 }, { size: { sizeName: 'b', sizeQuantity: 2 }, price: 20 }, { size: { sizeName: 'c', sizeQuantity: 2 }, price: 20 }], categories: [{ nameInEnglish: 'spices', nameInHebrew: 'x' }], subCategories: [], features: { value: [{ title: 't', description: 'd' }, { title: 't', description: 'd' }] } })
const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: '/tmp/x' })
const app = await buildApp({ config, database: h })
const bare = Fastify(); bare.get('/s', async () => 'x'.repeat(5000))
async function time(label: string, n: number, f: () => Promise<unknown>) {
  for (let i = 0; i < 50; i++) await f()
  const t = performance.now(); for (let i = 0; i < n; i++) await f(); console.log(label, ((performance.now() - t) / n).toFixed(3), 'ms')
}
const v = new CatalogVersionRepository(h.db)
await time('version query', 500, () => v.current())
await time('bare inject', 500, () => bare.inject({ url: '/s' }))
await time('inject config', 500, () => app.inject({ url: `/api/config` }))
await time('inject health', 500, () => app.inject({ url: `/api/health` }))
const r = await app.inject({ url: '/api/products?page=1&limit=9' }); console.log('list bytes', r.body.length)
await time('inject list (cached)', 500, () => app.inject({ url: '/api/products?page=1&limit=9' }))
await time('inject list 304', 500, () => app.inject({ url: '/api/products?page=1&limit=9', headers: { 'if-none-match': r.headers.etag as string } }))
await app.close()
await admin.query(`DROP DATABASE "${name}" WITH (FORCE)`); await admin.end()

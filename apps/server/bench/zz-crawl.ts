import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { benchServerArgs, json, startProcess, stopProcess, tsxArgs } from './catalog-bench-tools.js'
import { crawlRows } from './catalog-bench-search-crawl.js'
const serverUrl = 'postgres://postgres@127.0.0.1:5432/postgres'
const name = `tavlin_zz_${crypto.randomBytes(4).toString('hex')}`
const admin = new pg.Client({ connectionString: serverUrl }); await admin.connect(); await admin.query(`CREATE DATABASE "${name}"`)
const url = new URL(serverUrl); url.pathname = `/${name}`
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zz-'))
const env = { PAGE_RENDERS_PER_MINUTE: "100000", ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: process.env.ZZ_PGLITE ? '' : url.toString() }
if (process.env.ZZ_PGLITE) delete (env as any).DATABASE_URL
try {
  const seeding = startProcess([...tsxArgs, 'bench/bench-server.ts'], { ...env, BENCH_SEED_ONLY: 'true' })
  seeding.firstLine.catch(() => {})
  await new Promise((r) => seeding.child.once('exit', r))
  for (const atOnce of (process.env.ZZ_AT_ONCE ?? '4,1').split(',')) {
    const server = startProcess([...(process.env.ZZ_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : []), ...benchServerArgs()], { ...env, PAGE_RENDERS_AT_ONCE: atOnce })
    const { address } = JSON.parse(await server.firstLine)
    try {
      for (const u of ['/products', '/checkout', '/api/products?page=1&limit=9']) for (let i = 0; i < 50; i++) await fetch(address + u, { headers: { accept: 'text/html' } }).then((r) => r.arrayBuffer())
      console.log(`PAGE_RENDERS_AT_ONCE=${atOnce} load ${os.loadavg()[0].toFixed(1)}`)
      await crawlRows(address, [['a kept page (/products, brotli)', '/products', true], ['the JSON list', '/api/products?page=1&limit=9', false], ['checkout’s page', '/checkout', true]])
      const m = await json<any>(`${address}/__bench/memory`); console.log('  peak RSS', Math.round(m.peakRss / 1e6), 'MB')
    } finally { await stopProcess(server.child) }
  }
} finally { await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`); await admin.end(); fs.rmSync(dataDir, { recursive: true, force: true }) }

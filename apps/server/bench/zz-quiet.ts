import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { benchServerArgs, startProcess, stopProcess, tsxArgs } from './catalog-bench-tools.js'
const serverUrl = 'postgres://postgres@127.0.0.1:5432/postgres'
const name = `tavlin_zz_${crypto.randomBytes(4).toString('hex')}`
const admin = new pg.Client({ connectionString: serverUrl }); await admin.connect(); await admin.query(`CREATE DATABASE "${name}"`)
const url = new URL(serverUrl); url.pathname = `/${name}`
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zz-'))
const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: url.toString() }
try {
  const seeding = startProcess([...tsxArgs, 'bench/bench-server.ts'], { ...env, BENCH_SEED_ONLY: 'true' })
  seeding.firstLine.catch(() => {})
  await new Promise((r) => seeding.child.once('exit', r))
  const server = startProcess(benchServerArgs(), env)
  const { address } = JSON.parse(await server.firstLine)
  try {
    for (const [u, html] of [['/products', true], ['/api/products?page=1&limit=9', false], ['/checkout', true]] as const) {
      const times: number[] = []
      const end = performance.now() + 4000
      while (performance.now() < end) {
        const t = performance.now()
        const r = await fetch(address + u, { headers: html ? { accept: 'text/html', 'accept-encoding': 'br, gzip' } : {} }); await r.arrayBuffer()
        times.push(performance.now() - t)
      }
      times.sort((a, b) => a - b)
      const q = (p: number) => times[Math.floor(times.length * p)]!.toFixed(1)
      console.log(u, times.length, 'p50', q(0.5), 'p90', q(0.9), 'p99', q(0.99), 'max', times.at(-1)!.toFixed(1))
    }
  } finally { await stopProcess(server.child) }
} finally { await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`); await admin.end(); fs.rmSync(dataDir, { recursive: true, force: true }) }

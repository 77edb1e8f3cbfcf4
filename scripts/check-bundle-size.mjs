// Fails when the JavaScript that `/` loads before any interaction exceeds the budget.
// It starts the built server, opens `/` in Chromium, collects every script the page
// loaded until the network is idle, and sums their gzip sizes (level 9) from apps/web/dist.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { chromium } from '@playwright/test'

const BUDGET_KB = Number(process.argv[2] ?? 120)
const dist = path.resolve('apps/web/dist')

const port = await new Promise((resolve) => {
  const probe = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address()
    probe.close(() => resolve(port))
  })
})
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tavlin-bundle-'))
const server = spawn('node', ['apps/server/dist/server.js'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
})
const base = `http://127.0.0.1:${port}`

try {
  await waitForHealth(`${base}/api/health`)
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
  const page = await browser.newPage()
  const scripts = new Set()
  page.on('response', (response) => {
    const url = new URL(response.url())
    if (url.origin === base && response.request().resourceType() === 'script') scripts.add(url.pathname)
  })
  await page.goto(base + '/', { waitUntil: 'networkidle' })
  await browser.close()

  let total = 0
  const rows = []
  for (const pathname of scripts) {
    const file = path.join(dist, pathname)
    if (!fs.existsSync(file)) continue
    const size = zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length
    total += size
    rows.push([pathname, size])
  }
  rows.sort((a, b) => b[1] - a[1])
  for (const [name, size] of rows) console.log(`${(size / 1024).toFixed(1).padStart(8)} KB  ${name}`)
  const totalKb = total / 1024
  console.log(`Initial JavaScript of /: ${totalKb.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)`)
  if (totalKb > BUDGET_KB) {
    console.error(`Over budget by ${(totalKb - BUDGET_KB).toFixed(1)} KB`)
    process.exitCode = 1
  }
} finally {
  server.kill('SIGTERM')
  fs.rmSync(dataDir, { recursive: true, force: true })
}

async function waitForHealth(url) {
  const deadline = Date.now() + 180_000
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`server did not become healthy at ${url}`)
}

// Fails when the JavaScript that `/` loads before any interaction exceeds the budget.
// It starts the built server, opens `/` in Chromium, collects every script the page
// loaded until the network is idle, and sums their gzip sizes (level 9) from apps/web/dist.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { chromium } from '@playwright/test'
import { CHROMIUM_FLAGS, CHROMIUM_PATH, startProductionServer } from './support/production-server.mjs'

const BUDGET_KB = Number(process.argv[2] ?? 120)
// The build groups what pages share into few files (decision 298): left to the bundler's own
// split, `/` loaded 21 script files and a product page 58, and the browser's cost per file was
// most of the wait before a page answered a tap. `/` loads 7.
const MAX_FILES = 10
const dist = path.resolve('apps/web/dist')

const server = await startProductionServer({ name: 'bundle' })
const { base } = server

try {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
  })
  const page = await browser.newPage()
  const scripts = new Set()
  let lastResponseAt = Date.now()
  page.on('response', (response) => {
    lastResponseAt = Date.now()
    const url = new URL(response.url())
    if (url.origin === base && response.request().resourceType() === 'script') scripts.add(url.pathname)
  })
  await page.goto(base + '/', { waitUntil: 'networkidle' })
  // The app's scripts start after the first paint (decision 098): on a busy machine the
  // network can be idle before they do. Count once the page has hydrated and gone idle.
  await page.waitForSelector('html[data-app-ready]', { state: 'attached', timeout: 60_000 })
  while (Date.now() - lastResponseAt < 2000) await page.waitForTimeout(250)
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
  console.log(
    `Initial JavaScript of /: ${totalKb.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB) in ${rows.length} files (at most ${MAX_FILES})`,
  )
  if (totalKb > BUDGET_KB) {
    console.error(`Over budget by ${(totalKb - BUDGET_KB).toFixed(1)} KB`)
    process.exitCode = 1
  }
  if (rows.length > MAX_FILES) {
    console.error(
      `${rows.length - MAX_FILES} script files more than ${MAX_FILES}: is the build's grouping (decision 298) in place?`,
    )
    process.exitCode = 1
  }
} finally {
  await server.stop()
}

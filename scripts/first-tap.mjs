// `npm run first-tap`: how long a storefront page looks ready but ignores a tap (issue 39).
// Expects `npm run build`. Starts the built server with the demo catalogue, opens five pages
// in Chromium as a phone (390×844, touch) at normal CPU and 4× slower (the DevTools protocol's
// Emulation.setCPUThrottlingRate), and from the moment the page's control is on screen taps it
// every ~50 ms until what it opens (the menu, the size picker, the purchase popup) is there.
//
//   npm run first-tap -- [--runs 3] [--rates 1,4] [--pages /,/products] [--inp-rates 4] [--only tap|inp]
//
// Prints a markdown table of medians: the first paint, the first tap answered (a dialog open on the
// page), the gap between them, and when the app's entry script started loading and when the
// app had hydrated (<html data-app-ready>), all from the navigation's start. Then the INP table
// (support/inp.mjs): once a page has hydrated and gone quiet, how long the header's menu, the
// cart, the purchase popup and typing in a form field take to answer, by the Event Timing API.
/* global window, document, MutationObserver -- RECORDER and the evaluate() callbacks run in the page */
import os from 'node:os'
import { parseArgs } from 'node:util'
import { chromium } from '@playwright/test'
import { inpControls, measureInteraction, printInpTable } from './support/inp.mjs'
import { CHROMIUM_FLAGS, CHROMIUM_PATH, startProductionServer } from './support/production-server.mjs'

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    rates: { type: 'string', default: '1,4' },
    pages: { type: 'string' },
    'inp-rates': { type: 'string', default: '4' },
    only: { type: 'string' },
  },
})
const runs = Math.max(1, Number(args.runs))
const rates = args.rates.split(',').map(Number)
const TAP_EVERY_MS = 50
const GIVE_UP_MS = 60_000
const MENU = 'header button[aria-label="פתיחת התפריט"]'

// Recorded in the page from its first byte on: the first contentful paint, the first dialog,
// the app's mark of having hydrated. A MutationObserver notes them as they happen, so the
// figures do not depend on how often this script asks.
const RECORDER = () => {
  const marks = {}
  Object.defineProperty(window, '__firstTap', { value: marks })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntriesByName('first-contentful-paint')) marks.paint = entry.startTime
  }).observe({ type: 'paint', buffered: true })
  new MutationObserver(() => {
    // A dialog library's element, or an open native <dialog> (decision 299).
    if (marks.answered === undefined && document.querySelector('[role="dialog"], dialog[open]')) {
      marks.answered = performance.now()
    }
    if (marks.ready === undefined && document.documentElement.hasAttribute('data-app-ready')) {
      marks.ready = performance.now()
    }
  }).observe(document, { subtree: true, childList: true, attributes: true })
}

let server
let browser
try {
  server = await startProductionServer({ name: 'first-tap' })
  const { base } = server
  const pages = await pagesToMeasure(base)
  const wanted = args.pages ? args.pages.split(',') : null
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })

  const rows = []
  for (const page of args.only === 'inp'
    ? []
    : pages.filter((entry) => !wanted || wanted.includes(entry.name))) {
    for (const rate of rates) {
      const samples = []
      for (let run = 0; run < runs; run += 1) samples.push(await measure(base, page, rate))
      rows.push({ page: page.name, control: page.controlName, rate, ...medians(samples) })
    }
  }
  const inpRows = []
  const productPath = pages.find((entry) => entry.name === '/products/{id}/info').path
  for (const control of args.only === 'tap' ? [] : inpControls({ productPath, menu: MENU })) {
    for (const rate of args['inp-rates'].split(',').map(Number)) {
      const samples = []
      for (let run = 0; run < runs; run += 1)
        samples.push(await measureInteraction(browser, base, control, rate))
      const path = control.path === productPath ? '/products/{id}/info' : control.path
      inpRows.push({ control: control.name, path, rate, samples })
    }
  }
  console.log(
    `\nLoad when done (uptime): ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
  )
  console.log(`${os.cpus().length} CPUs; median of ${runs} run(s) per row\n`)
  if (rows.length > 0) printTable(rows)
  if (inpRows.length > 0) {
    console.log('\nInteraction to Next Paint, once the page has hydrated and gone quiet:\n')
    printInpTable(inpRows)
  }
} catch (error) {
  console.error(error instanceof Error ? error.stack : error)
  process.exitCode = 1
} finally {
  await browser?.close()
  await server?.stop()
}

async function pagesToMeasure(base) {
  const products = await items(`${base}/api/products?page=1&limit=20`)
  const recipe = (await items(`${base}/api/recipes?page=1&limit=1`))[0]
  // The shop list's first card with sizes to choose, and a product page that can be bought.
  const withSizes = products.find((product) => product.pricing.length > 1)
  const buyable = products.find((product) => product.pricing.some((option) => option.stock !== 0))
  if (!withSizes || !buyable || !recipe) throw new Error('the demo catalogue has no product or recipe to use')
  return [
    { name: '/', path: '/', control: MENU, controlName: 'menu' },
    {
      name: '/products',
      path: '/products',
      control: `main button[aria-label="בחירת גודל והוספה לסל: ${withSizes.name}"]`,
      controlName: 'size picker',
    },
    {
      name: '/products/{id}/info',
      path: `/products/${buyable._id}/info`,
      control: 'main button[aria-haspopup="dialog"]:has-text("לקנייה")',
      controlName: 'לקנייה',
    },
    { name: '/recipes/{id}', path: `/recipes/${recipe._id}`, control: MENU, controlName: 'menu' },
    { name: '/about', path: '/about', control: MENU, controlName: 'menu' },
  ]
}

/** One visit in a fresh phone context: taps the control from when it is on screen until it answers. */
async function measure(base, { path, control }, rate) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    locale: 'he-IL',
  })
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate })
    await page.addInitScript(RECORDER)
    await page.goto(base + path, { waitUntil: 'commit' })
    const target = page.locator(control).first()
    await target.waitFor({ state: 'visible', timeout: GIVE_UP_MS })
    const deadline = Date.now() + GIVE_UP_MS
    while ((await marks(page)).answered === undefined) {
      if (Date.now() > deadline) throw new Error(`${path}: no dialog after ${GIVE_UP_MS / 1000} s of taps`)
      // force: tap where the control is, as a thumb does, without Playwright's own waits.
      await target.tap({ force: true, noWaitAfter: true, timeout: 5_000 }).catch(() => {})
      await page.waitForTimeout(TAP_EVERY_MS)
    }
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: GIVE_UP_MS })
    const result = await marks(page)
    const entry = await page.evaluate(() => {
      const listing = document.getElementById('app-scripts')
      const src = listing ? JSON.parse(listing.textContent).entry : null
      const timing = performance.getEntriesByType('resource').find((e) => src && e.name.endsWith(src))
      return timing ? timing.startTime : null
    })
    return { ...result, scriptStart: entry }
  } finally {
    await context.close()
  }
}

function marks(page) {
  return page.evaluate(() => ({ ...window.__firstTap }))
}

function medians(samples) {
  const median = (key) => {
    const values = samples.map((sample) => sample[key]).filter((value) => typeof value === 'number')
    values.sort((a, b) => a - b)
    return values.length ? values[Math.floor(values.length / 2)] : NaN
  }
  const gaps = samples.map((sample) => sample.answered - sample.paint).sort((a, b) => a - b)
  return {
    paint: median('paint'),
    answered: median('answered'),
    gap: gaps[Math.floor(gaps.length / 2)],
    scriptStart: median('scriptStart'),
    ready: median('ready'),
  }
}

function printTable(rows) {
  const ms = (value) => (Number.isFinite(value) ? `${Math.round(value).toLocaleString('en')} ms` : '—')
  const header = [
    'page',
    'control',
    'CPU',
    'first paint',
    'first tap answered',
    'gap',
    'script starts',
    'hydrated',
  ]
  const body = rows.map((row) => [
    row.page,
    row.control,
    `${row.rate}×`,
    ms(row.paint),
    ms(row.answered),
    ms(row.gap),
    ms(row.scriptStart),
    ms(row.ready),
  ])
  // Markdown, so the table can be pasted into the README as it is.
  const widths = header.map((cell, i) => Math.max(cell.length, ...body.map((line) => line[i].length)))
  const line = (cells) =>
    `| ${cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(' | ')} |`
  console.log(line(header))
  console.log(`|${widths.map((w, i) => (i < 2 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`)
  for (const cells of body) console.log(line(cells))
}

async function items(url) {
  const response = await fetch(url)
  const body = await response.json()
  return body?.data?.items ?? []
}

// `npm run lighthouse`: Lighthouse (mobile preset, default simulated throttling) against the
// production build served by the real server with the demo catalogue. Expects `npm run build`.
//
//   npm run lighthouse -- [--performance 90] [--accessibility 100] [--best-practices 95]
//                         [--seo 95] [--runs 1] [--out lighthouse-reports]
//                         [--slow-host-performance 65] [--confirm-below 75]
//
// Thresholds can also come from LIGHTHOUSE_MIN_PERFORMANCE, …_ACCESSIBILITY,
// …_BEST_PRACTICES, …_SEO. With --runs N each page is audited N times and the run with the
// median performance score is reported (Lighthouse's own advice for noisy machines). With
// --confirm-below S only a page whose first run scores under S is audited the other N − 1
// times: one run far above the line needs no second opinion, and CI's time goes to the
// pages near it (issue 40).
// Exits 1 when a page scores below a threshold. With --slow-host-performance, a page audited
// on a host slower than the mobile preset is made for (Lighthouse's benchmark index under
// SLOW_HOST_INDEX) is held to that line instead (decision 099).
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM_FLAGS, CHROMIUM_PATH, startProductionServer } from './support/production-server.mjs'

const CATEGORIES = [
  { id: 'performance', label: 'Perf', fallback: 90 },
  { id: 'accessibility', label: 'A11y', fallback: 100 },
  { id: 'best-practices', label: 'BP', fallback: 95 },
  { id: 'seo', label: 'SEO', fallback: 95 },
]

// The mobile preset slows the CPU 4×, which Lighthouse's docs (docs/throttling.md) aim at a
// high-end desktop host, benchmark index 1500–2000 and up, to land in the mid-tier phone range.
// On a host slower than that the "phone" is slower than the one the scores are meant for.
const SLOW_HOST_INDEX = 2000

const { values: args } = parseArgs({
  options: {
    performance: { type: 'string' },
    accessibility: { type: 'string' },
    'best-practices': { type: 'string' },
    seo: { type: 'string' },
    'slow-host-performance': { type: 'string' },
    runs: { type: 'string', default: '1' },
    'confirm-below': { type: 'string', default: '101' },
    out: { type: 'string', default: 'lighthouse-reports' },
  },
})
const thresholds = Object.fromEntries(
  CATEGORIES.map(({ id, fallback }) => {
    const envName = `LIGHTHOUSE_MIN_${id.replace('-', '_').toUpperCase()}`
    return [id, Number(args[id] ?? process.env[envName] ?? fallback)]
  }),
)
const slowHostPerformance = Number(args['slow-host-performance'] ?? thresholds.performance)
const runs = Math.max(1, Number(args.runs))
const confirmBelow = Number(args['confirm-below'])
const performanceOf = (result) => Math.round((result.lhr.categories.performance.score ?? 0) * 100)
const outDir = path.resolve(args.out)

let server
let chrome
try {
  server = await startProductionServer({ name: 'lighthouse' })
  const { base } = server
  const productId = await firstId(`${base}/api/products?page=1&limit=1`)
  const recipeId = await firstId(`${base}/api/recipes?page=1&limit=1`)
  const pages = ['/', '/products', `/products/${productId}/info`, `/recipes/${recipeId}`, '/checkout']

  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
  })
  fs.mkdirSync(outDir, { recursive: true })

  const rows = []
  for (const pathname of pages) {
    const results = []
    // A run Lighthouse itself could not record (e.g. NO_NAVSTART on a loaded machine) is
    // taken again, up to twice; a page that never records fails the script.
    let failedRecordings = 0
    const wanted = () => (results.length === 1 && performanceOf(results[0]) >= confirmBelow ? 1 : runs)
    while (results.length < wanted()) {
      // No config: Lighthouse's default is the mobile preset with simulated throttling.
      const result = await lighthouse(`${base}${pathname}`, {
        port: chrome.port,
        output: ['html', 'json'],
        logLevel: 'error',
      })
      if (!result) throw new Error(`Lighthouse returned nothing for ${pathname}`)
      const error = result.lhr.runtimeError
      if (error) {
        failedRecordings += 1
        if (failedRecordings > 2) throw new Error(`${pathname}: ${error.code} ${error.message}`)
        console.warn(`${pathname}: ${error.code}, running it again`)
        continue
      }
      results.push(result)
    }
    results.sort(
      (a, b) => (a.lhr.categories.performance.score ?? 0) - (b.lhr.categories.performance.score ?? 0),
    )
    const { lhr, report } = results[Math.floor(results.length / 2)]
    fs.writeFileSync(path.join(outDir, `${slug(pathname)}.html`), report[0])
    fs.writeFileSync(path.join(outDir, `${slug(pathname)}.json`), report[1])
    rows.push({ ...summarise(pathname, lhr), runs: results.length })
  }

  printTable(rows)
  // NaN (no index in the report) counts as slow: the lower line, never a failure on noise.
  const onSlowHost = (row) => !(row.benchmarkIndex >= SLOW_HOST_INDEX)
  const lineFor = (row, id) =>
    id === 'performance' && onSlowHost(row) ? slowHostPerformance : thresholds[id]
  const failures = rows.flatMap((row) =>
    CATEGORIES.filter(({ id }) => row.scores[id] < lineFor(row, id)).map(
      ({ id }) => `${row.pathname}: ${id} ${row.scores[id]} < ${lineFor(row, id)}`,
    ),
  )
  console.log(`\nHTML reports: ${path.relative(process.cwd(), outDir)}/`)
  console.log(`Thresholds: ${CATEGORIES.map(({ id }) => `${id} ${thresholds[id]}`).join(', ')}`)
  if (slowHostPerformance !== thresholds.performance) {
    const slow = rows.filter(onSlowHost).map((row) => row.pathname)
    console.log(
      `Performance ${slowHostPerformance} where the host CPU index is under ${SLOW_HOST_INDEX}` +
        (slow.length ? ` (${slow.length} of ${rows.length} pages this run)` : ' (no page this run)'),
    )
  }
  if (failures.length > 0) {
    console.error(`\nBelow the thresholds:\n  ${failures.join('\n  ')}`)
    process.exitCode = 1
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  chrome?.kill()
  await server?.stop()
}

function summarise(pathname, lhr) {
  const numeric = (id) => lhr.audits[id]?.numericValue ?? NaN
  return {
    pathname,
    scores: Object.fromEntries(
      CATEGORIES.map(({ id }) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
    ),
    lcp: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbt: numeric('total-blocking-time'),
    bytes: numeric('total-byte-weight'),
    // Lighthouse's own measure of the host's CPU, taken before the page loads: the simulated
    // phone is 4× slower than this host, so a low index means a slower phone (decision 099).
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
  }
}

function printTable(rows) {
  const header = [
    'page',
    ...CATEGORIES.map(({ label }) => label),
    'LCP',
    'CLS',
    'TBT',
    'transferred',
    'host CPU',
    'runs',
  ]
  const body = rows.map((row) => [
    row.pathname.replace(/\/[0-9a-f-]{36}/, '/{id}'),
    ...CATEGORIES.map(({ id }) => String(row.scores[id])),
    `${(row.lcp / 1000).toFixed(1)} s`,
    row.cls.toFixed(3),
    `${Math.round(row.tbt)} ms`,
    `${(row.bytes / 1024).toFixed(0)} KiB`,
    String(Math.round(row.benchmarkIndex)),
    String(row.runs),
  ])
  // Markdown, so the table can be pasted into the README as it is.
  const widths = header.map((cell, i) => Math.max(cell.length, ...body.map((line) => line[i].length)))
  const line = (cells) =>
    `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(' | ')} |`
  console.log(line(header))
  console.log(`|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`)
  for (const cells of body) console.log(line(cells))
}

function slug(pathname) {
  return pathname === '/' ? 'home' : pathname.slice(1).replace(/\//g, '-')
}

async function firstId(url) {
  const response = await fetch(url)
  const body = await response.json()
  const id = body?.data?.items?.[0]?._id
  if (!id) throw new Error(`no item in ${url}`)
  return id
}

// `npm run start-tasks`: what a page's start costs the browser's main thread, measured in
// thread CPU time, which a busy machine disturbs far less than Lighthouse's wall-clock figures
// (decision 167). Opens each page in Chromium (a phone's viewport, no throttling) against the
// production build, records a trace, and prints every task after the first contentful paint
// whose CPU time, multiplied by Lighthouse's mobile slowdown of 4, is over 50 ms, with the trace
// events that filled it, and the sum of those excesses: an estimate of Total Blocking Time; and
// all the thread CPU time its tasks took from that paint on (the app's start and hydration).
// Expects `npm run build`.
//
//   npm run start-tasks -- [--runs 3] [--min 50] [/ /products /products/{id}/info /recipes/{id} …]
//
// `{id}` in a product or recipe page's path is the demo catalogue's first product or recipe.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from '@playwright/test'
import { CHROMIUM_FLAGS, CHROMIUM_PATH, startProductionServer } from './support/production-server.mjs'

const SLOWDOWN = 4
const START_WAIT_MS = 6000
const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: 'string', default: '3' }, min: { type: 'string', default: '50' } },
})
const runs = Math.max(1, Number(args.runs))
const shownOver = Number(args.min)

const server = await startProductionServer({ name: 'start-tasks' })
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
const traceFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tavlin-trace-')), 'trace.json')
try {
  const pages = await Promise.all((positionals.length > 0 ? positionals : ['/', '/products']).map(withIds))
  console.log(
    `Load average at the start: ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(', ')}`,
  )
  for (const pathname of pages) {
    const estimates = []
    const totals = []
    for (let run = 1; run <= runs; run++) {
      const { estimate, total, tasks } = await traceStart(`${server.base}${pathname}`)
      estimates.push(estimate)
      totals.push(total)
      console.log(
        `${pathname} run ${run}: estimated TBT ${estimate.toFixed(0)} ms, main thread CPU after the first paint ${total.toFixed(0)} ms`,
      )
      for (const task of tasks) console.log(`    ${task}`)
    }
    const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)].toFixed(0)
    console.log(
      `${pathname}: median estimated TBT ${median(estimates)} ms, main thread CPU after the first paint ${median(totals)} ms\n`,
    )
  }
} finally {
  await browser.close()
  await server.stop()
  fs.rmSync(path.dirname(traceFile), { recursive: true, force: true })
}

/** `/products/{id}/info`, `/recipes/{id}`: the first product's or recipe's page. */
async function withIds(pathname) {
  if (!pathname.includes('{id}')) return pathname
  const resource = pathname.startsWith('/recipes') ? 'recipes' : 'products'
  const response = await fetch(`${server.base}/api/${resource}?page=1&limit=1`)
  const id = (await response.json())?.data?.items?.[0]?._id
  if (!id) throw new Error(`the demo catalogue has no ${resource}`)
  return pathname.replace('{id}', id)
}

async function traceStart(url) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true })
  const page = await context.newPage()
  await browser.startTracing(page, {
    path: traceFile,
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'loading'],
  })
  await page.goto(url, { waitUntil: 'load' })
  // Nothing runs in the page while it is traced: waiting for a selector would run Playwright's
  // own scripts on its main thread. The app is ready in well under this on our machines.
  await page.waitForTimeout(START_WAIT_MS)
  await browser.stopTracing()
  const ready = (await page.locator('html[data-app-ready]').count()) > 0
  await context.close()
  if (!ready) throw new Error(`${url}: the app was not ready ${START_WAIT_MS} ms after the load event`)
  return blockingTasks(JSON.parse(fs.readFileSync(traceFile, 'utf8')).traceEvents, url)
}

/** The page's main thread (its renderer parsed the page's HTML), from its first contentful paint on. */
function blockingTasks(events, url) {
  const pid = events.find(
    (event) => event.name === 'ParseHTML' && String(event.args?.beginData?.url ?? '') === url,
  )?.pid
  const tid = events.find(
    (event) => event.pid === pid && event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
  )?.tid
  if (pid === undefined || tid === undefined) throw new Error(`no renderer found for ${url} in the trace`)
  const onMain = events
    .filter((event) => event.pid === pid && event.tid === tid && event.ph === 'X')
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur)
  const fcp = events
    .filter((event) => event.pid === pid && event.name === 'firstContentfulPaint')
    .sort((a, b) => a.ts - b.ts)[0]
  let estimate = 0
  let total = 0
  const tasks = []
  for (const task of onMain.filter((event) => event.name === 'RunTask' && event.ts >= (fcp?.ts ?? 0))) {
    const cpu = (task.tdur ?? task.dur) / 1000
    total += cpu
    estimate += Math.max(0, SLOWDOWN * cpu - 50)
    if (SLOWDOWN * cpu > shownOver) tasks.push(`${cpu.toFixed(1)} ms CPU: ${topEvents(onMain, task)}`)
  }
  return { estimate, total, tasks }
}

/** The events directly inside a task, summed by name (and script), largest first. */
function topEvents(onMain, task) {
  const inside = onMain.filter(
    (event) => event !== task && event.ts >= task.ts && event.ts + event.dur <= task.ts + task.dur,
  )
  const sums = new Map()
  const open = []
  for (const event of inside) {
    while (open.length > 0 && open.at(-1).ts + open.at(-1).dur < event.ts + event.dur) open.pop()
    if (open.length === 0) {
      const script = event.args?.data?.url?.split('/').pop()
      const label = script ? `${event.name} ${script}` : event.name
      sums.set(label, (sums.get(label) ?? 0) + (event.tdur ?? event.dur) / 1000)
    }
    open.push(event)
  }
  return [...sums]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([label, ms]) => `${label} ${ms.toFixed(1)}`)
    .join('; ')
}

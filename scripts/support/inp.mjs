// The INP rows of `npm run first-tap` (issue 39, decision 290): how long the header's menu, the
// cart, the purchase popup and a form field take to answer once the page has hydrated and gone
// quiet, at the CPU rates asked for. The page itself records its Event Timing entries
// (PerformanceObserver 'event', durationThreshold 16): one interaction is the entries sharing an
// interactionId, its duration the longest of them (input → the next paint), as Interaction to
// Next Paint counts it; a visit's figure is its slowest interaction.
// Beside it, when the dialog the tap opens is first on the page or open, counted from the same
// tap: a dialog whose code loads on the first tap comes in a later task, which INP does not see.
/* global window, document, MutationObserver -- INP_RECORDER runs in the page */

const INP_RECORDER = () => {
  const entries = []
  Object.defineProperty(window, '__interactions', { value: entries })
  new MutationObserver(() => {
    // A dialog library's element, or an open native <dialog> (decision 299).
    if (window.__dialogAt === undefined && document.querySelector('[role="dialog"], dialog[open]')) {
      window.__dialogAt = performance.now()
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.interactionId) continue
      const { name, interactionId, startTime, duration, processingStart, processingEnd } = entry
      entries.push({ name, interactionId, startTime, duration, processingStart, processingEnd })
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true })
}

/** The controls measured: where, what is done, and what shows it was answered. */
export function inpControls({ productPath, menu }) {
  const dialogOpens = (page) => page.getByRole('dialog').first().waitFor({ state: 'visible' })
  return [
    {
      name: 'header menu',
      path: '/',
      act: async (page) => {
        await page.locator(menu).tap()
        await dialogOpens(page)
      },
    },
    {
      name: 'cart',
      path: '/',
      act: async (page) => {
        await page.locator('header button[aria-label^="סל הקניות"]').first().tap()
        await dialogOpens(page)
      },
    },
    {
      name: 'purchase popup',
      path: productPath,
      act: async (page) => {
        await page.locator('main button[aria-haspopup="dialog"]:has-text("לקנייה")').first().tap()
        await dialogOpens(page)
      },
    },
    {
      name: 'form field (typing)',
      path: '/contact',
      act: async (page) => {
        const field = page.getByRole('main').getByLabel('שם', { exact: true })
        await field.tap()
        await page.keyboard.type('דנה כהן', { delay: 120 })
        if ((await field.inputValue()) !== 'דנה כהן')
          throw new Error('/contact: the name field did not take the typing')
      },
    },
  ]
}

/** One visit: the page hydrated and quiet, the action done, the slowest interaction's timing. */
export async function measureInteraction(browser, base, control, rate) {
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
    await page.addInitScript(INP_RECORDER)
    await page.goto(base + control.path)
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: 60_000 })
    await page.waitForLoadState('networkidle')
    await control.act(page)
    // Event Timing entries are reported after the paint that ends them.
    await page.waitForTimeout(500)
    const { entries, dialogAt } = await page.evaluate(() => ({
      entries: [...window.__interactions],
      dialogAt: window.__dialogAt,
    }))
    const firstTap = Math.min(...entries.map((entry) => entry.startTime))
    return { ...slowestInteraction(entries), dialog: dialogAt === undefined ? NaN : dialogAt - firstTap }
  } finally {
    await context.close()
  }
}

function slowestInteraction(entries) {
  const longest = new Map()
  for (const entry of entries) {
    const known = longest.get(entry.interactionId)
    if (!known || entry.duration > known.duration) longest.set(entry.interactionId, entry)
  }
  const slowest = [...longest.values()].sort((a, b) => b.duration - a.duration)[0]
  if (!slowest) return { duration: 0, inputDelay: 0, processing: 0, presentation: 0, interactions: 0 }
  return {
    duration: slowest.duration,
    inputDelay: slowest.processingStart - slowest.startTime,
    processing: slowest.processingEnd - slowest.processingStart,
    presentation: slowest.startTime + slowest.duration - slowest.processingEnd,
    event: slowest.name,
    interactions: longest.size,
  }
}

/** The median visit (by duration) of each control, as a markdown table. */
export function printInpTable(rows) {
  const ms = (value) => (Number.isFinite(value) ? `${Math.round(value)} ms` : '—')
  const header = [
    'control',
    'page',
    'CPU',
    'INP',
    'input delay',
    'processing',
    'to next paint',
    'event',
    'dialog after',
  ]
  const body = rows.map(({ control, path, rate, samples }) => {
    const sorted = [...samples].sort((a, b) => a.duration - b.duration)
    const median = sorted[Math.floor(sorted.length / 2)]
    return [
      control,
      path,
      `${rate}×`,
      ms(median.duration),
      ms(median.inputDelay),
      ms(median.processing),
      ms(median.presentation),
      median.event ?? '—',
      ms(median.dialog),
    ]
  })
  const widths = header.map((cell, i) => Math.max(cell.length, ...body.map((line) => line[i].length)))
  const isText = (i) => i < 2 || i === 7
  const line = (cells) =>
    `| ${cells.map((cell, i) => (isText(i) ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(' | ')} |`
  console.log(line(header))
  console.log(
    `|${widths.map((w, i) => (isText(i) ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
  )
  for (const cells of body) console.log(line(cells))
}

import { chromium } from '@playwright/test'
import { CHROMIUM_FLAGS, CHROMIUM_PATH, startProductionServer } from './support/production-server.mjs'
const server = await startProductionServer({ name: 'prof' })
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
try {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await page.goto(server.base + (process.argv[2] ?? '/'))
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' })
  await page.waitForLoadState('networkidle')
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
  await cdp.send('Profiler.start')
  await page.locator(process.argv[3] ?? 'header button[aria-label^="סל הקניות"]').first().tap()
  await page.getByRole('dialog').first().waitFor()
  await page.waitForTimeout(300)
  const { profile } = await cdp.send('Profiler.stop')
  // self time by function
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const self = new Map()
  const dt = profile.timeDeltas
  profile.samples.forEach((id, i) => {
    const n = byId.get(id)
    const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}:${n.callFrame.columnNumber}`
    self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000)
  })
  const total = [...self].filter(([k]) => !k.startsWith('(idle)') && !k.startsWith('(program)')).reduce((a, [, v]) => a + v, 0)
  console.log('total non-idle ms', total.toFixed(1))
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(v.toFixed(1), k)
} finally {
  await browser.close()
  await server.stop()
}

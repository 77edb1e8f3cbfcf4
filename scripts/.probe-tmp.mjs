// temporary probe (not committed)
import fs from 'node:fs'
import lighthouse from 'lighthouse'
import * as chromeLauncher from 'chrome-launcher'
import { startProductionServer, CHROMIUM_PATH, CHROMIUM_FLAGS } from './support/production-server.mjs'
const pages = process.argv.slice(2)
const server = await startProductionServer({ name: 'probe' })
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS })
const { base } = server
const pid = (await (await fetch(`${base}/api/products?page=1&limit=1`)).json())
const productId = (pid.data ?? pid).items[0].id
for (const p0 of pages) {
  const p = p0.replace('PRODUCT', productId)
  const slug = p0.replace(/\W+/g, '_') || 'home'
  const res = await lighthouse(`${base}${p}`, { port: chrome.port, logLevel: 'error', output: 'json' })
  const a = res.lhr.audits
  fs.writeFileSync(`/tmp/lh/${slug}.trace.json`, JSON.stringify(res.artifacts.Trace ?? res.artifacts.traces?.defaultPass))
  fs.writeFileSync(`/tmp/lh/${slug}.lhr.json`, JSON.stringify(res.lhr))
  const m = a.metrics.details.items[0]
  console.log(p0, 'perf', Math.round(res.lhr.categories.performance.score * 100), 'FCP', Math.round(m.firstContentfulPaint), 'LCP', Math.round(m.largestContentfulPaint), 'SI', Math.round(m.speedIndex), 'TBT', Math.round(m.totalBlockingTime), 'obsFCP', m.observedFirstContentfulPaint, 'obsLCP', m.observedLargestContentfulPaint, 'obsDCL', m.observedDomContentLoaded)
}
await chrome.kill()
await server.stop()

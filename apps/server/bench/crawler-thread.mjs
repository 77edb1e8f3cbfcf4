// The crawler of the page benchmark's crawl rows (bench/catalog-bench-search-crawl.ts), on a
// thread of its own: each address once, `atOnce` at a time, as a browser asks for a page.
// Posts its pages a second, the times it waited and statuses when done. Plain JavaScript: a
// worker thread does not get the bench's TypeScript loader.
import { performance } from 'node:perf_hooks'
import { parentPort, workerData } from 'node:worker_threads'

const { address, urls, atOnce } = workerData
const queue = [...urls]
const times = []
const statuses = new Map()
const started = performance.now()
await Promise.all(
  Array.from({ length: atOnce }, async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      const asked = performance.now()
      const response = await globalThis.fetch(`${address}${url}`, {
        headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
      })
      await response.arrayBuffer()
      times.push(performance.now() - asked)
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
    }
  }),
)
const seconds = (performance.now() - started) / 1000
parentPort.postMessage({ rate: urls.length / seconds, times, statuses: [...statuses], seconds })

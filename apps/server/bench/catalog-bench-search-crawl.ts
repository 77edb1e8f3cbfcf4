/**
 * The crawl rows of the page benchmark (issue 38): a crawler walking unique search pages, 20
 * at a time, and what three other visitors meet meanwhile — a kept page, the JSON list and
 * checkout's page — against the same visitors on a quiet server.
 */
import { Worker } from 'node:worker_threads'
import { json, p99Of } from './catalog-bench-tools.js'
import type { Entity } from './catalog-bench-writes.js'

const AT_ONCE = 20
export const CRAWL_PAGES = Number(process.env.BENCH_CRAWL ?? 3000)
const QUIET_SECONDS = 5

type Crawl = { rate: number; p99: number; statuses: Map<number, number>; seconds: number }
type CrawlThreadResult = { times: number[]; statuses: Array<[number, number]> }

/**
 * `urls`, AT_ONCE at a time, each asked for once as a browser asks for a page, from a thread of
 * its own (bench/crawler-thread.mjs): reading the crawl's answers on the visitors' thread would
 * add its own waits to the visitors' times.
 */
function crawl(address: string, urls: string[]): Promise<Crawl> {
  const thread = new Worker(new URL('./crawler-thread.mjs', import.meta.url), {
    workerData: { address, urls, atOnce: AT_ONCE },
  })
  return new Promise<Crawl>((resolve, reject) => {
    thread.once(
      'message',
      ({ times, statuses, ...result }: Omit<Crawl, 'statuses' | 'p99'> & CrawlThreadResult) =>
        resolve({ ...result, p99: p99Of(times), statuses: new Map(statuses) }),
    )
    thread.once('error', reject)
    thread.once('exit', (code) => reject(new Error(`the crawler thread exited with ${code}`)))
  })
}

/** Other visitors, one request at a time each, until `until` settles: each one's p99. */
async function visitors(
  address: string,
  visits: ReadonlyArray<readonly [string, string, boolean]>,
  until: Promise<unknown>,
): Promise<Map<string, number>> {
  let done = false
  void until.finally(() => (done = true))
  const results = await Promise.all(
    visits.map(async ([name, url, html]) => {
      const times: number[] = []
      while (!done) {
        const asked = performance.now()
        const response = await fetch(`${address}${url}`, {
          headers: html ? { accept: 'text/html', 'accept-encoding': 'br, gzip' } : {},
        })
        await response.arrayBuffer()
        if (response.status !== 200) throw new Error(`${url}: ${response.status} during the crawl`)
        times.push(performance.now() - asked)
      }
      return [name, p99Of(times)] as const
    }),
  )
  return new Map(results)
}

/** Unique addresses: searches for the catalogue's words that find something, and strings that find nothing. */
async function crawlAddresses(address: string): Promise<{ finding: string[]; nothing: string[] }> {
  const list = await json<{ data: { items: Entity[] } }>(`${address}/api/products?page=1&limit=50`)
  const words = [
    ...new Set(list.data.items.flatMap((item) => String(item.name).split(/\s+/)).filter((w) => w.length > 2)),
  ]
  const run = Date.now().toString(36)
  // A shared link's tracking parameter makes each address new: the page is rendered, its results shown.
  const finding = Array.from(
    { length: CRAWL_PAGES },
    (_, i) => `/products?filter=${encodeURIComponent(words[i % words.length]!)}&fbclid=${run}${i}`,
  )
  const nothing = Array.from(
    { length: CRAWL_PAGES },
    (_, i) => `/products?filter=${encodeURIComponent(`לא-קיים ${run} ${i}`)}`,
  )
  return { finding, nothing }
}

const describeStatuses = (statuses: Map<number, number>) =>
  [...statuses].map(([status, count]) => `${count}×${status}`).join(', ')

/** Prints the crawl rows: each crawl's pages a second, and other visitors' p99 quiet and during it. */
export async function crawlRows(address: string, visits: ReadonlyArray<readonly [string, string, boolean]>) {
  const { finding, nothing } = await crawlAddresses(address)
  const quiet = await visitors(
    address,
    visits,
    new Promise((resolve) => setTimeout(resolve, QUIET_SECONDS * 1000)),
  )
  for (const [label, urls] of [
    ['unique search pages that find something', finding],
    ['unique searches that find nothing', nothing],
  ] as const) {
    const crawling = crawl(address, urls)
    const during = await visitors(address, visits, crawling)
    const result = await crawling
    console.log(
      `  crawl, ${label} (${urls.length}, ${AT_ONCE} at a time): ${result.rate.toFixed(0)} pages/s, p99 ${result.p99.toFixed(0)} ms (${describeStatuses(result.statuses)})`,
    )
    for (const [name, p99] of during) {
      const before = quiet.get(name)!
      console.log(
        `    ${name.padEnd(30)} p99 ${before.toFixed(1).padStart(6)} ms quiet, ${p99.toFixed(1).padStart(6)} ms during the crawl (${(p99 / before).toFixed(1)}×)`,
      )
    }
  }
}

import { json, type Result } from './catalog-bench-tools.js'
import type { Entity } from './catalog-bench-writes.js'

// A crawler's or a newsletter's pace: a few pages at once, as one process is asked for them.
const AT_ONCE = 4
const ROUNDS = 5

/** Every product page of the catalogue, as a crawler would walk them. */
async function everyProductPage(address: string): Promise<string[]> {
  const urls: string[] = []
  for (let page = 1; ; page++) {
    const list = await json<{ data: { items: Entity[]; totalPages: number } }>(
      `${address}/api/products?page=${page}&limit=50`,
    )
    urls.push(...list.data.items.map((item) => `/products/${item._id}`))
    if (page >= list.data.totalPages) return urls
  }
}

/**
 * Renders a second under load, not one at a time: after `write` (which changes what every
 * product page shows), every product page is asked for, AT_ONCE at a time; each must
 * come back with a new ETag, so each is a real render. The median of ROUNDS rounds, in
 * pages a second; p99 is that of one page's answer.
 */
export async function crawlAfterAWrite(
  name: string,
  address: string,
  write: (round: number) => Promise<unknown>,
): Promise<Result> {
  const urls = await everyProductPage(address)
  const etags = new Map<string, string | null>()
  const rates: number[] = []
  const times: number[] = []
  for (let round = 0; round < ROUNDS + 1; round++) {
    await write(round)
    const queue = [...urls]
    const started = performance.now()
    await Promise.all(
      Array.from({ length: AT_ONCE }, async () => {
        for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
          const asked = performance.now()
          const response = await fetch(`${address}${url}`, { headers: { accept: 'text/html' } })
          await response.arrayBuffer()
          if (round > 0) times.push(performance.now() - asked)
          if (response.status !== 200) throw new Error(`${url}: ${response.status}`)
          const etag = response.headers.get('etag')
          if (etags.get(url) === etag) throw new Error(`${url} did not change`)
          etags.set(url, etag)
        }
      }),
    )
    // The first round only fills the pages in (and warms the process up).
    if (round > 0) rates.push(urls.length / ((performance.now() - started) / 1000))
  }
  rates.sort((a, b) => a - b)
  times.sort((a, b) => a - b)
  return {
    name: `${name} (${urls.length} pages, ${AT_ONCE} at a time)`,
    requests: rates[Math.floor(rates.length / 2)]!,
    p99: times[Math.min(times.length - 1, Math.ceil(times.length * 0.99) - 1)]!,
    non2xx: 0,
    errors: 0,
  }
}

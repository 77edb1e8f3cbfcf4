/**
 * The page benchmark's rows before the crawl (bench/catalog.bench.ts): the JSON reads, the kept
 * pages, the first visits after a write and every product page after a write to all.
 */
import {
  DURATION,
  UNCACHED_RENDERS,
  WARM_UP,
  json,
  measure,
  print,
  type Result,
} from './catalog-bench-tools.js'
import { type Entity, productShownNowhere, put, renameShop } from './catalog-bench-writes.js'
import { crawlAfterAWrite } from './catalog-bench-crawl.js'

/**
 * The first request after a write, one at a time: `write` (an admin's PUT) and then the page,
 * timed. A write elsewhere in the catalogue costs a kept page its reads again; a write to what
 * the page shows a render, from the answers of those reads (docs/decisions/168 and 232).
 */
async function uncached(
  name: string,
  address: string,
  page: string,
  write: (round: number) => Promise<{ changesPage: boolean }>,
): Promise<Result> {
  const times: number[] = []
  let etag: string | null = null
  for (let i = 0; i < UNCACHED_RENDERS + 5; i++) {
    const { changesPage } = await write(i)
    const started = performance.now()
    const response = await fetch(`${address}${page}`, { headers: { accept: 'text/html' } })
    await response.arrayBuffer()
    if (i >= 5) times.push(performance.now() - started)
    if (response.status !== 200) throw new Error(`${page}: ${response.status}`)
    // A write meant to change the page must have changed it, or the row would time a kept page.
    if (changesPage && etag === response.headers.get('etag')) throw new Error(`${page} did not change`)
    etag = response.headers.get('etag')
  }
  times.sort((a, b) => a - b)
  const mean = times.reduce((sum, t) => sum + t, 0) / times.length
  return {
    name,
    requests: 1000 / mean,
    p99: times[Math.min(times.length - 1, Math.ceil(times.length * 0.99) - 1)]!,
    non2xx: 0,
    errors: 0,
  }
}

/**
 * The rows of first visits after a write: after a write elsewhere (a product no page links
 * to), and after a write to what the page shows (its name, alternating).
 */
async function firstVisitsAfterWrites(
  address: string,
  pages: ReadonlyArray<readonly [string, string]>,
  product: Entity,
): Promise<Array<[string, string, (round: number) => Promise<{ changesPage: boolean }>]>> {
  const recipe = (
    await json<{ data: Entity }>(`${address}${pages[3]![1].replace('/recipes', '/api/recipes')}`)
  ).data
  const elsewhere = await productShownNowhere(
    address,
    pages.map(([, url]) => url),
  )
  const writeElsewhere = async () => {
    await put(address, 'products', elsewhere)
    return { changesPage: false }
  }
  // Names that alternate, so that every write changes what the page shows.
  const renamed = (entity: Entity, resource: string) => async (round: number) => {
    await put(address, resource, entity, { name: `${String(entity.name)}${round % 2 ? '' : ' ·'}` })
    return { changesPage: true }
  }
  return [
    ['/, first after a write elsewhere', '/', writeElsewhere],
    ['/, first after a write to it', '/', renameShop(address)],
    ['/products, first after a write elsewhere', '/products', writeElsewhere],
    ['/products, first after a write to it', '/products', renamed(product, 'products')],
    ['a product page, first after a write elsewhere', pages[2]![1], writeElsewhere],
    ['a product page, first after a write to it', pages[2]![1], renamed(product, 'products')],
    ['a recipe page, first after a write elsewhere', pages[3]![1], writeElsewhere],
    ['a recipe page, first after a write to it', pages[3]![1], renamed(recipe, 'recipes')],
  ]
}

/** The rows before the crawl: JSON reads, kept pages, first visits after writes, a write to all. */
export async function throughputRows(
  address: string,
  reads: ReadonlyArray<readonly [string, string]>,
  pages: ReadonlyArray<readonly [string, string]>,
  product: Entity,
  ceiling: number,
): Promise<void> {
  const results: Result[] = []
  // Warm up first (JIT, connection pool, the caches), unreported.
  for (const [, url] of reads) await measure('warm-up', `${address}${url}`, WARM_UP)
  for (const [, url] of pages) await measure('warm-up', `${address}${url}`, WARM_UP, true)
  for (const [name, url] of reads) results.push(await measure(name, `${address}${url}`))
  for (const [name, url] of pages) {
    results.push(await measure(`page ${name}, cached`, `${address}${url}`, DURATION, true))
  }
  // The bodies above are 25–47 KB against the ceiling's 5 KB: on one machine the load
  // generator's own parsing of them is what limits those rows. A browser asks for brotli.
  for (const [name, url] of pages) {
    results.push(await measure(`page ${name}, cached, brotli`, `${address}${url}`, DURATION, true, true))
  }
  const uncachedRows = await firstVisitsAfterWrites(address, pages, product)
  for (const [name, url, write] of uncachedRows) {
    results.push(await uncached(`page ${name}`, address, url, write))
  }
  results.push(
    await crawlAfterAWrite('every product page after a write to all', address, renameShop(address)),
  )
  print(results, ceiling)
}

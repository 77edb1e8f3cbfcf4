import zlib from 'node:zlib'
import { promisify } from 'node:util'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

export type Encoding = 'br' | 'gzip'

/** One rendered page: its bytes, tag, and each compressed form once a visitor asked for it. */
export type CachedPage = {
  body: Buffer
  etag: string
  encoded: Partial<Record<Encoding, Promise<Buffer>>>
  /** The length of each compressed form made so far. */
  encodedBytes: Partial<Record<Encoding, number>>
  /** Bytes counted against the cache for it; 0 once it has left the cache. */
  counted: number
  /** The headers its first answer had (security headers), sent again with it (plugins/kept-pages). */
  headers?: Record<string, string | string[]>
  /**
   * What the page was made from, when that can be told again: kept past a new version, the
   * page is filed under it unrendered if these still answer the same (docs/decisions/168).
   */
  source?: PageSource
}

/**
 * An API read of a render and a tag of its answer (status and ETag, or a hash of the body).
 * A POST is a read too when a render makes it (the names of a recipe's products): its body
 * and content type are kept to ask again.
 */
export type ReadTag = { address: string; post?: { body: string; contentType: string }; tag: string }

/** A page's API reads (lib/page-renderer), tagged with their answers, and its head as the SEO service gave it. */
export type PageSource = { reads: ReadTag[]; head: string }

type Slot = {
  /** A page with random parts keeps up to `variants` renders; others one. */
  random: boolean
  pages: Array<CachedPage | undefined>
}

export type PageCacheOptions = {
  /**
   * Bytes of bodies (plain and compressed) kept in all, the current version's and earlier
   * versions' waiting to be checked. No bound on addresses: a thousand small pages cost what
   * a few big ones do (decision 271).
   */
  maxBytes?: number
  /** Renders kept of a page with random parts; a visitor gets one of them at random. */
  variants?: number
  /** Which draw a visitor gets: a number in [0, 1), as Math.random (tests pass a fixed sequence). */
  draw?: () => number
}

/**
 * Rendered pages by address, for one catalogue version at a time (docs/decisions/160): a
 * new version takes them all out, so a page is never older than the version it is filed
 * under. Those that can be checked (`source`) wait aside, as many as the cache holds, until
 * their address is asked for again: `previous` hands one out to be checked and `refile`d
 * (docs/decisions/168). Bounded in bytes, least recently used first (decision 271).
 */
export class PageCache {
  private version = -1
  private readonly slots = new Map<string, Slot>()
  /**
   * Pages of earlier versions with a source, by address: the slot (a random page's draws all
   * come from the same reads), and its bytes (bounded as `bytes`).
   */
  private readonly previousPages = new Map<string, { slot: Slot; bytes: number }>()
  private previousBytes = 0
  private bytes = 0
  readonly maxBytes: number
  readonly variants: number
  private readonly draw: () => number

  constructor({ maxBytes = 32 * 1024 * 1024, variants = 4, draw = Math.random }: PageCacheOptions = {}) {
    this.maxBytes = maxBytes
    this.variants = variants
    this.draw = draw
  }

  /** The page to answer with, or which variant to render and `put` (`page` undefined). */
  lookup(version: number, url: string): { page?: CachedPage; variant: number; others: CachedPage[] } {
    if (version > this.version) this.setAside(version)
    if (version !== this.version) return { variant: 0, others: [] }
    const slot = this.slots.get(url)
    if (!slot) return { variant: 0, others: [] }
    // Recently used: to the end of the eviction order.
    this.slots.delete(url)
    this.slots.set(url, slot)
    const variant = slot.random ? this.variantFor(slot) : 0
    return { page: slot.pages[variant], variant, others: slot.pages.filter((page) => page !== undefined) }
  }

  /**
   * A page with random parts has its draws made first, one per visit, then a visitor gets one
   * of them at random. Drawn at random from the start, the last draw of four waited for two
   * empty picks in a row (the door's, then the render's): 1 visit in 16, so it could still be
   * missing after 60 visits and be made after a write that changed nothing on the page (issue 40).
   */
  private variantFor(slot: Slot): number {
    for (let variant = 0; variant < this.variants; variant++) if (!slot.pages[variant]) return variant
    return Math.floor(this.draw() * this.variants)
  }

  /** Files a page rendered after `version` was read: it is at least that new. */
  put(
    version: number,
    url: string,
    variant: number,
    random: boolean,
    body: Buffer,
    etag: string,
  ): CachedPage {
    const page: CachedPage = { body, etag, encoded: {}, encodedBytes: {}, counted: 0 }
    if (version > this.version) this.setAside(version)
    if (version !== this.version || body.length > this.maxBytes / 8) return page
    this.dropPrevious(url)
    let slot = this.slots.get(url)
    if (!slot) {
      slot = { random, pages: [] }
      this.slots.set(url, slot)
    }
    slot.random ||= random
    const index = slot.random ? variant : 0
    const replaced = slot.pages[index]
    if (replaced) this.uncount(replaced)
    slot.pages[index] = page
    this.count(page, body.length)
    this.evict()
    return page
  }

  /** The page an earlier version had at this address, if it can be checked against this one. */
  previous(version: number, url: string): CachedPage | undefined {
    if (version > this.version) this.setAside(version)
    const previous = version === this.version ? this.previousPages.get(url) : undefined
    return previous && firstDraw(previous.slot)
  }

  /**
   * Files a page of an earlier version under `version`, with the other draws of a page with
   * random parts, once its source was found to answer the same after `version` was read.
   * False if the cache has moved on meanwhile.
   */
  refile(version: number, url: string, page: CachedPage): boolean {
    if (version > this.version) this.setAside(version)
    const previous = this.previousPages.get(url)
    if (version !== this.version || !previous || firstDraw(previous.slot) !== page) return false
    this.dropPrevious(url)
    this.slots.get(url)?.pages.forEach((replaced) => replaced && this.uncount(replaced))
    this.slots.set(url, previous.slot)
    for (const draw of previous.slot.pages) if (draw) this.count(draw, sizeOf(draw))
    this.evict()
    return true
  }

  /** The page compressed, made once per page and kept with it. */
  encode(page: CachedPage, encoding: Encoding): Promise<Buffer> {
    let encoded = page.encoded[encoding]
    if (!encoded) {
      encoded = compress(page.body, encoding)
      page.encoded[encoding] = encoded
      void encoded.then(
        (buffer) => {
          page.encodedBytes[encoding] = buffer.length
          // A page dropped meanwhile is no longer counted, nor its compressed forms.
          if (page.counted === 0) return
          this.count(page, buffer.length)
          this.evict()
        },
        () => {
          delete page.encoded[encoding]
        },
      )
    }
    return encoded
  }

  /** Drops every page, those set aside too (a new build of the web app). */
  clear(version = this.version): void {
    this.version = version
    for (const slot of this.slots.values()) for (const page of slot.pages) if (page) this.uncount(page)
    this.slots.clear()
    this.previousPages.clear()
    this.bytes = 0
    this.previousBytes = 0
  }

  /** A new version: the pages that can be checked wait aside, the others are dropped. */
  private setAside(version: number): void {
    for (const [url, slot] of this.slots) {
      const draws = slot.pages.filter((page) => page !== undefined)
      if (draws.length > 0 && draws.every((draw) => draw.source)) {
        this.dropPrevious(url)
        const bytes = draws.reduce((sum, draw) => sum + sizeOf(draw), 0)
        this.previousPages.set(url, { slot: { random: slot.random, pages: [...slot.pages] }, bytes })
        this.previousBytes += bytes
      }
      for (const kept of slot.pages) if (kept) this.uncount(kept)
    }
    this.slots.clear()
    this.bytes = 0
    this.version = version
    this.evict()
  }

  private dropPrevious(url: string): void {
    const previous = this.previousPages.get(url)
    if (!previous) return
    this.previousPages.delete(url)
    this.previousBytes -= previous.bytes
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.slots.size, bytes: this.bytes }
  }

  /**
   * One bound for all (decision 271): earlier versions' pages go first, oldest first (none was
   * asked for since the write), then the least recently used addresses, the one just filed
   * too if it alone is over.
   */
  private evict(): void {
    while (this.bytes + this.previousBytes > this.maxBytes && this.previousPages.size > 0) {
      this.dropPrevious(this.previousPages.keys().next().value!)
    }
    while (this.bytes > this.maxBytes && this.slots.size > 0) {
      const [oldest, slot] = this.slots.entries().next().value!
      this.slots.delete(oldest)
      for (const page of slot.pages) if (page) this.uncount(page)
    }
  }

  private count(page: CachedPage, bytes: number): void {
    page.counted += bytes
    this.bytes += bytes
  }

  private uncount(page: CachedPage): void {
    this.bytes -= page.counted
    page.counted = 0
  }
}

/** The first of a slot's draws (its only page when the page has no random parts). */
function firstDraw(slot: Slot): CachedPage | undefined {
  return slot.pages.find((page) => page !== undefined)
}

/** A page's bytes, plain and compressed so far. */
function sizeOf(page: CachedPage): number {
  return page.body.length + Object.values(page.encodedBytes).reduce((sum, bytes) => sum + bytes, 0)
}

/**
 * A body compressed for keeping. Brotli at quality 5: on a 47 KB page it takes 1.4 ms
 * where quality 9 took 22 ms, for 1.5 % more bytes (decision 166) — and the first visitor
 * after an admin write waits for it.
 */
export function compress(body: Buffer | string, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'gzip') return gzip(body, { level: 6 })
  return brotli(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
    },
  })
}

/** The encoding to answer with, from Accept-Encoding (br first, then gzip), if any. */
export function negotiateEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined
  const accepted = new Set<string>()
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';')
    const refused = params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param))
    if (name && !refused) accepted.add(name.trim())
  }
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip'
  return undefined
}

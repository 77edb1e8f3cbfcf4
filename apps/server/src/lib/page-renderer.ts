import { AsyncLocalStorage } from 'node:async_hooks'
import crypto from 'node:crypto'
import fs from 'node:fs'
import { pathToFileURL } from 'node:url'
import type { FastifyInstance } from 'fastify'
import type { CachedResponse } from '../plugins/http-cache.plugin.js'
import type { ReadTag } from './page-cache.js'
import { onFirstUse } from './on-first-use.js'
import { letWaitingRequestsIn } from './thread-pace.js'

/** A storefront page rendered on the server (apps/web/src/entry-server.tsx). */
export type RenderedPage = {
  /** The markup inside #root. */
  html: string
  /** JSON, safe inside <script>, that the browser hydrates the page with. */
  state: string
  /** The home page's first hero picture, marked on <html> as data-hero. */
  heroName?: string
  /**
   * The page holds a choice made at random (the hero's first picture, a random selection of
   * products, recipes or packages): the page cache keeps a few renders of it, not one.
   */
  random?: boolean
  /**
   * Every API read the render made, with what it answered: the page is a function of them.
   * Undefined when one of them cannot be asked again (neither a GET nor a POST of a body) or
   * would not answer the same (a random selection).
   */
  reads?: ReadTag[]
}

/** What a check of a page's reads was answered, by read: a render after it need not ask again. */
export type ReadAnswers = Map<
  string,
  { status: number; headers: Array<[string, string]>; body: Buffer; tag: string }
>

export type PageRenderer = {
  /**
   * Undefined for an address the browser renders alone (admin, thank-you, payment pending).
   * `answers`, from a check made after the catalogue version was read, are taken as the
   * answers to those reads (docs/decisions/232).
   */
  render(url: URL, answers?: ReadAnswers): Promise<RenderedPage | undefined>
  /**
   * Makes the reads again and tells whether every one answers as it did: a page rendered from
   * them would be the same page (docs/decisions/168). The answers come back either way.
   */
  checkReads(reads: ReadTag[]): Promise<{ unchanged: boolean; answers: ReadAnswers }>
}

type RendererModule = {
  createPageRenderer(options: {
    fetch: typeof globalThis.fetch
    translation: Record<string, unknown>
  }): PageRenderer
}

/**
 * The web app's server renderer (`apps/web/dist-ssr/entry-server.js`, built with the
 * app), answering the app's API reads through this very server in process. Undefined
 * when it was not built: the pages are then rendered in the browser only.
 *
 * The module (React and the whole web app, about a tenth of a second to load) is imported
 * once the server listens, not before: /api/health need not wait for it (docs/decisions/165).
 * A page asked for before then waits for that import, or starts it (tests, which never
 * listen). An import that fails is logged, that page is left to the browser, as any page
 * that fails to render, and the next page tries again.
 */
export function loadPageRenderer(
  app: FastifyInstance,
  {
    entry,
    translation,
    cached,
  }: { entry: string | null; translation: Record<string, unknown>; cached?: CachedRead },
): PageRenderer | undefined {
  if (!entry || !fs.existsSync(entry)) return undefined
  const fetch = injectFetch(app, cached)
  const renderer = onFirstUse(async () => {
    const module = (await import(pathToFileURL(entry).href)) as RendererModule
    return module.createPageRenderer({ fetch, translation })
  })
  app.addHook('onListen', async () => {
    await renderer()
  })
  return {
    async render(url, answers) {
      const reads: RenderReads = { random: false, tags: [], untold: false, answers }
      const page = await renderReads.run(reads, async () => (await renderer()).render(url))
      return (
        page && {
          ...page,
          random: reads.random || page.heroName !== undefined,
          // A random read (a selection of products) would not answer the same when asked again.
          reads: reads.untold || reads.random ? undefined : reads.tags,
        }
      )
    },
    async checkReads(reads) {
      const again: RenderReads = { random: false, tags: [], untold: false }
      const responses = await renderReads.run(again, () =>
        Promise.all(
          reads.map(async (read) => {
            const { address, post } = read
            const init = post && {
              method: 'POST',
              body: post.body,
              headers: { 'content-type': post.contentType },
            }
            const response = await fetch(address, init)
            const body = Buffer.from(await response.arrayBuffer())
            return { key: keyOf(read), status: response.status, headers: [...response.headers], body }
          }),
        ),
      )
      const tagOf = new Map(again.tags.map((read) => [keyOf(read), read.tag]))
      const answers: ReadAnswers = new Map()
      for (const { key, ...answer } of responses) {
        const tag = tagOf.get(key)
        if (tag !== undefined) answers.set(key, { ...answer, tag })
      }
      const unchanged = !again.untold && reads.every((read) => tagOf.get(keyOf(read)) === read.tag)
      return { unchanged, answers }
    },
  }
}

type RenderReads = { random: boolean; tags: ReadTag[]; untold: boolean; answers?: ReadAnswers }

const keyOf = ({ address, post }: Read) => (post ? `POST ${address} ${post.body}` : address)

/** The check's answer to this read, recorded as the render's own. */
function answeredByCheck(reads: RenderReads | undefined, read: Read) {
  const answer = reads?.answers?.get(keyOf(read))
  if (!reads || !answer) return undefined
  reads.tags.push({ ...read, tag: answer.tag })
  const hasBody = ![204, 304].includes(answer.status)
  return new Response(hasBody ? answer.body : null, { status: answer.status, headers: answer.headers })
}

type Read = Pick<ReadTag, 'address' | 'post'>

/** What can be asked again of a request: a GET, or a POST with its body; else undefined. */
function readOf(request: Request, address: string, body: Buffer | undefined): Read | undefined {
  const contentType = request.headers.get('content-type')
  if (request.method === 'GET' && !body) return { address }
  if (request.method !== 'POST' || contentType === null) return undefined
  return { address, post: { body: body?.toString('utf8') ?? '', contentType } }
}

/** Adds a read to the render's list, or marks the render as made from something untold. */
function recordRead(
  reads: RenderReads,
  read: Read | undefined,
  response: { statusCode: number; headers: Record<string, unknown>; rawPayload: Buffer },
): void {
  if (!read) {
    reads.untold = true
    return
  }
  const etag = response.headers.etag
  const hash =
    typeof etag === 'string' ? etag : crypto.createHash('sha1').update(response.rawPayload).digest('base64')
  reads.tags.push({ ...read, tag: `${response.statusCode} ${hash}` })
}

/** What the reads of the render in progress asked for and were answered (its async context). */
const renderReads = new AsyncLocalStorage<RenderReads>()
// The catalogue's random selections (catalog-routes): never the same twice.
const RANDOM_READ = /^\/api\/(products|recipes|packages)\/random$/

/**
 * The catalogue read cache's answer for a plain GET of this address, if it has one. Asked
 * first: a kept answer needs none of inject's request, hooks and reply (decision 161).
 */
export type CachedRead = (address: string) => Promise<CachedResponse | undefined>

/** `fetch` over Fastify's inject: the same routes, hooks and caches as a request from outside. */
export function injectFetch(app: FastifyInstance, cached?: CachedRead): typeof globalThis.fetch {
  return async (input, init) => {
    await letWaitingRequestsIn()
    const isPlainGet = (init?.method ?? 'GET').toUpperCase() === 'GET' && !(input instanceof Request)
    const reads = renderReads.getStore()
    if (isPlainGet) {
      const { pathname, search } = new URL(String(input), 'http://render.local')
      const address = `${pathname}${search}`
      const answered = answeredByCheck(reads, { address })
      if (answered) return answered
      const hit = await cached?.(address)
      if (hit) {
        reads?.tags.push({ address, tag: `200 ${hit.etag}` })
        return new Response(hit.body, {
          status: 200,
          headers: { 'content-type': hit.contentType, etag: hit.etag },
        })
      }
    }
    const request = new Request(
      new URL(input instanceof Request ? input.url : String(input), 'http://render.local'),
      init,
    )
    const url = new URL(request.url)
    if (reads && RANDOM_READ.test(url.pathname)) reads.random = true
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined
    const read = readOf(request, `${url.pathname}${url.search}`, body)
    const answered = read && answeredByCheck(reads, read)
    if (answered) return answered
    const response = await app.inject({
      method: request.method as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(request.headers),
      ...(body ? { payload: body } : {}),
    })
    if (reads) recordRead(reads, read, response)
    const hasBody = ![204, 304].includes(response.statusCode)
    return new Response(hasBody ? response.rawPayload : null, {
      status: response.statusCode,
      headers: Object.entries(response.headers).flatMap(([name, value]) =>
        value === undefined
          ? []
          : (Array.isArray(value) ? value : [String(value)]).map((v) => [name, v] as [string, string]),
      ),
    })
  }
}

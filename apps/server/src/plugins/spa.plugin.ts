import fs from 'node:fs'
import path from 'node:path'
import fp from 'fastify-plugin'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AppConfig } from '../config/env.js'
import { PageCache, type CachedPage, type PageCacheOptions } from '../lib/page-cache.js'
import { SingleFlight } from '../lib/single-flight.js'
import { templateReader } from '../lib/index-template.js'
import type { PageRenderer, ReadAnswers } from '../lib/page-renderer.js'
import { isPageRequest, sendKept, type KeptPages } from './kept-pages.plugin.js'
import { assetSender } from './asset-door.js'
import { keepRendered, renderIndexPage, sendRendered, type PageHeadSource } from './index-page.js'
import { renderGuarded, turnedAwayAgain, type RenderGuard } from './page-render-guard.js'
import { noMatchSearchPage, type SearchFinds } from './search-pages.js'

export type { PageHeadSource } from './index-page.js'

const ONE_YEAR = 31536000

export type SpaOptions = {
  config: AppConfig
  /** Without it, index.html is sent as built, with 200, for every client route. */
  pageHead?: PageHeadSource
  /** Renders the page's content into #root; without it the browser renders every page. */
  renderer?: PageRenderer
  /**
   * The catalogue version this process knows (docs/decisions/160). With it, rendered pages
   * are kept per version and address and served without rendering or reading again.
   */
  catalogVersion?: () => Promise<number>
  pageCache?: PageCacheOptions
  /** The door registered ahead of the other plugins: its cache is used, and it is opened. */
  keptPages?: KeptPages
  /** Holds back renders of pages not kept: per address, and a few at a time (decision 272). */
  renderGuard?: RenderGuard
  /** A search of the products or recipes that finds nothing is answered without a render (decision 287). */
  searchFinds?: SearchFinds
}

/**
 * Serves the built SPA: hashed files under /assets are cached for a year and
 * never change; everything else (index.html, locales) is revalidated each time.
 * Any other GET that is not a file falls back to index.html for the client router,
 * with the page's own head and status when `pageHead` is given.
 */
export const spaPlugin = fp(
  async function spa(
    app: FastifyInstance,
    { config, pageHead, renderer, catalogVersion, ...caching }: SpaOptions,
  ) {
    const root = config.webDistDir
    const indexFile = root ? path.join(root, 'index.html') : null
    if (!root || !indexFile || !fs.existsSync(indexFile)) {
      app.setNotFoundHandler((request, reply) => notFound(request, reply))
      return
    }
    if (caching.keptPages) caching.keptPages.serveAsset = assetSender(path.join(root, 'assets'), config)

    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: ['index.html'],
      // The build writes each text file's .br and .gz beside it (decision 294): sent as they
      // are, with no compression per request; the compress plugin leaves an encoded body alone.
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, filePath) {
        const isHashedAsset = filePath.startsWith(path.join(root, 'assets') + path.sep)
        reply.header(
          'cache-control',
          isHashedAsset
            ? `public, max-age=${ONE_YEAR}, immutable`
            : filePath.endsWith('index.html')
              ? 'no-cache'
              : 'public, max-age=0, must-revalidate',
        )
      },
    })

    const sendPage = pageHead
      ? indexPageSender(
          indexFile,
          pageHead,
          renderer,
          catalogVersion ? { catalogVersion, ...caching } : undefined,
        )
      : (_request: FastifyRequest, reply: FastifyReply) =>
          reply.type('text/html; charset=utf-8').sendFile('index.html', root)

    // The site root is a directory to @fastify/static, which refuses it (403) with `index: false`.
    app.get('/', { schema: { hide: true } }, sendPage)

    // A page's address reaches @fastify/static's catch-all route, which looks for a file of
    // that name (a directory listing and a stat per segment, on the thread pool) before
    // giving up: an address with no file extension is a page, answered at once (decision 161).
    app.addHook('onRequest', async (request, reply) => {
      if (request.routeOptions.url !== '/*' || !isPageRequest(request)) return
      return sendPage(request, reply)
    })

    app.setNotFoundHandler((request, reply) => {
      if (!isPageRequest(request)) return notFound(request, reply)
      return sendPage(request, reply)
    })
  },
  { name: 'spa' },
)

// Rendered on the server but about the visitor's own cart (the private pages under it are
// not rendered at all): never kept for the next visitor (docs/decisions/160).
const VISITORS_OWN_PAGES = ['/checkout']

function isVisitorsOwn(url: string): boolean {
  const path = url.split('?')[0] ?? '/'
  return VISITORS_OWN_PAGES.some((page) => path === page || path.startsWith(`${page}/`))
}

type PageCaching = {
  catalogVersion: () => Promise<number>
  pageCache?: PageCacheOptions
  keptPages?: KeptPages
  renderGuard?: RenderGuard
  searchFinds?: SearchFinds
}

/** A repeat visit, answered before the other plugins' hooks run (plugins/kept-pages). */
function serveKeptAtTheDoor(
  door: KeptPages,
  cache: PageCache,
  { catalogVersion }: PageCaching,
  currentTemplate: () => Promise<unknown>,
) {
  door.serve = async (request, reply) => {
    if (isVisitorsOwn(request.url)) return false
    const version = await catalogVersion()
    await currentTemplate()
    const found = cache.lookup(version, request.url)
    if (!found.page?.headers) return false
    await sendKept(request, reply, cache, found.page, found.others)
    return true
  }
}

/**
 * index.html with the page's head in place of the built title and description, and the
 * page itself inside #root where the renderer has it (docs/decisions/097). The file is
 * read once and again only when a new build replaces it (its asset names change then).
 * The body is revalidated on every visit (no-cache) against a hash of itself, so an
 * unchanged page costs a 304. With `caching`, a rendered page is kept per catalogue version
 * and address (docs/decisions/160) and a repeat visit costs no render and no read.
 */
function indexPageSender(
  indexFile: string,
  pageHead: PageHeadSource,
  renderer: PageRenderer | undefined,
  caching: PageCaching | undefined,
) {
  const cache =
    caching && renderer ? (caching.keptPages?.cache ?? new PageCache(caching.pageCache)) : undefined
  // A new build names new scripts: no page made with the old one may be sent again.
  const currentTemplate = templateReader(indexFile, () => cache?.clear())
  const renderPage = (request: FastifyRequest, variant: number, answers?: ReadAnswers) =>
    renderIndexPage(request, variant, { currentTemplate, pageHead, renderer, answers })
  const noMatch = caching?.searchFinds && noMatchSearchPage(caching, pageHead, currentTemplate)
  const rendering = new SingleFlight<
    Awaited<ReturnType<typeof renderGuarded<ReturnType<typeof keepRendered>>>>
  >()
  if (cache && caching?.keptPages) serveKeptAtTheDoor(caching.keptPages, cache, caching, currentTemplate)

  /**
   * The page an earlier version had at this address, filed under `version` unrendered when
   * its reads and head answer as they did (docs/decisions/168): an admin's write elsewhere in
   * the catalogue costs the page its reads again, not a render. When something changed, what
   * the reads answered goes to the render, which need not ask them again (decision 232).
   */
  async function stillTheSame(
    request: FastifyRequest,
    version: number,
  ): Promise<{ page?: CachedPage; answers?: ReadAnswers }> {
    const previous = cache?.previous(version, request.url)
    if (!cache || !renderer || !previous?.source) return {}
    const { reads, head } = previous.source
    try {
      const [check, headNow] = await Promise.all([
        renderer.checkReads(reads),
        pageHead(request.url.split('?')[0] ?? '/'),
      ])
      if (!check.unchanged || headNow.statusCode !== 200 || headNow.head !== head) {
        return { answers: check.answers }
      }
      const refiled = cache.refile(version, request.url, previous)
      // Another visit checked and filed it meanwhile (or the version moved on: nothing found).
      // A page with random parts is filed with its draws: this visit gets one at random.
      return { page: cache.lookup(version, request.url).page ?? (refiled ? previous : undefined) }
    } catch (error) {
      request.log.warn({ err: error }, 'could not check a kept page against the new version; rendering it')
      return {}
    }
  }

  return async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    void reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache')
    if (cache && caching && !isVisitorsOwn(request.url)) {
      // Read before rendering: the page filed under it is at least as new (decision 031).
      const version = await caching.catalogVersion()
      await currentTemplate()
      const found = cache.lookup(version, request.url)
      if (found.page) return sendKept(request, reply, cache, found.page, found.others)
      const checked = await stillTheSame(request, version)
      if (checked.page) return sendKept(request, reply, cache, checked.page, [])
      if (await turnedAwayAgain(caching.renderGuard, request, reply)) return reply
      if (noMatch && (await noMatch(request, reply))) return reply
      // Past its bound, the page an earlier version had here is better than none (decision 272).
      const older = cache.previous(version, request.url)
      // Visits asking for the same page at once share one render; one turned away does not
      // turn the others away (decision 297).
      const key = `${version} ${found.variant} ${request.url}`
      const shared = await rendering.joined(key)?.catch(() => undefined)
      const outcome =
        shared && 'page' in shared
          ? shared
          : await rendering.lead(key, () =>
              renderGuarded(
                caching.renderGuard,
                request,
                reply,
                async () =>
                  keepRendered(
                    reply,
                    cache,
                    version,
                    request.url,
                    await renderPage(request, found.variant, checked.answers),
                  ),
                () => older && sendKept(request, reply, cache, older, []),
              ),
            )
      if ('sent' in outcome) return outcome.sent
      const { rendered, kept } = outcome.page
      return kept ? sendKept(request, reply, cache, kept, []) : sendRendered(request, reply, rendered)
    }
    return sendRendered(request, reply, await renderPage(request, 0))
  }
}

// Also reached from @fastify/static's wildcard route when no file matches, so
// unknown /api paths are answered here in the envelope, never with the SPA.
function notFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send({
    success: false,
    code: 'NOT_FOUND',
    message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
  })
}

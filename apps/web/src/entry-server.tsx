import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router'
import { defaultShouldDehydrateQuery, dehydrate, type Query, type QueryClient } from '@tanstack/react-query'
import { PRIVATE_PAGES } from '@tavlin/contracts'
import { AppProviders } from './app/providers'
import { AppRoutes, preloadPages } from './app/router'
import { HERO_IMAGES } from './features/home/hero'
import { apiClient } from './lib/api-client'
import { createTranslator } from './lib/i18n'
import { KnownReads, trackQueriesUsed, type Read } from './lib/known-reads'
import { createQueryClient } from './lib/query-client'
import { RenderChoicesContext, type RenderChoices } from './lib/render-context'
import type { RenderedState } from './lib/rendered-state'

/** A page as the server sends it: the markup inside #root and what the browser hydrates it with. */
export type RenderedPage = {
  html: string
  /** JSON of RenderedState, for the page's `<script type="application/json">`. */
  state: string
  /** Marked on <html> as data-hero: the home page's first picture (features/home/hero). */
  heroName?: string
}

export type PageRendererOptions = {
  /** Answers the app's /api reads: the server's own API, in process. */
  fetch: typeof globalThis.fetch
  /** The Hebrew strings (public/locales/he/translation.json). */
  translation: Record<string, unknown>
}

export type PageRenderer = {
  /** Undefined for an address rendered in the browser only (the private pages). */
  render(url: URL): Promise<RenderedPage | undefined>
}

// A page's reads can depend on an earlier read's answer (a recipe's ingredients, a product's
// related ones): each round fetches what the last render asked for. Two rounds cover ours.
const MAX_FETCH_ROUNDS = 3

/**
 * Renders a storefront page to HTML on the server (docs/decisions/097), so a phone on a
 * slow connection paints the page before the app's JavaScript arrives, and a crawler that
 * runs no JavaScript reads the same content as a visitor.
 */
export function createPageRenderer({ fetch, translation }: PageRendererOptions): PageRenderer {
  apiClient.setTransport({ fetch, minIntervalMs: 0 })
  const i18n = createTranslator(translation)
  const knownReads = new KnownReads()

  return {
    async render(url) {
      if (isBrowserOnly(url.pathname)) return undefined
      await preloadPages(url.pathname)

      const address = `${url.pathname}${url.search}`
      const queryClient = createQueryClient()
      const reads = trackQueriesUsed(queryClient)
      const choices: RenderChoices = url.pathname === '/' ? { heroName: pickHero() } : {}
      const renderApp = () =>
        renderToString(
          <StrictMode>
            <RenderChoicesContext value={choices}>
              <AppProviders i18n={i18n} queryClient={queryClient}>
                <StaticRouter location={address}>
                  <AppRoutes />
                </StaticRouter>
              </AppProviders>
            </RenderChoicesContext>
          </StrictMode>,
        )
      try {
        const html = await renderWithData(renderApp, queryClient, knownReads.forAddress(address), reads)
        const used = reads.used()
        knownReads.remember(address, used)
        // Only what the page read: a foreseen read it no longer uses is not sent to the browser.
        const hashes = new Set(used.map((query) => query.queryHash))
        const queries = dehydrate(queryClient, {
          shouldDehydrateQuery: (query) => hashes.has(query.queryHash) && defaultShouldDehydrateQuery(query),
        })
        const state: RenderedState = { queries }
        return { html, state: serializeState(state), heroName: choices.heroName }
      } finally {
        // The cache's garbage-collection timers would keep this visit's data for half an hour.
        queryClient.clear()
      }
    },
  }
}

/**
 * Fetches the reads the address used last time (all at once), renders, fetches every read
 * the render asked for that was not foreseen, and renders again, until nothing new is asked:
 * usually one render pass (docs/decisions/153). A read that fails is left to the browser
 * (rendered as loading, as it will be there), so the page and its hydration agree.
 */
async function renderWithData(
  renderApp: () => string,
  queryClient: QueryClient,
  foreseen: Read[],
  reads: { reset(): void },
): Promise<string> {
  const tried = new Set<string>()
  const cache = queryClient.getQueryCache()
  await fetchAll(
    queryClient,
    foreseen.map((options) => cache.build(queryClient, options)),
    tried,
  )
  reads.reset()
  let html = renderApp()
  for (let round = 0; round < MAX_FETCH_ROUNDS; round++) {
    const wanted = cache
      .getAll()
      .filter((query) => query.state.status === 'pending' && isEnabled(query) && !tried.has(query.queryHash))
    if (wanted.length === 0) break
    await fetchAll(queryClient, wanted, tried)
    reads.reset()
    html = renderApp()
  }
  return html
}

async function fetchAll(queryClient: QueryClient, queries: Query[], tried: Set<string>): Promise<void> {
  await Promise.all(
    queries.map(async (query) => {
      tried.add(query.queryHash)
      // One attempt: a visitor waits for this page, and the browser retries anyway.
      await query.fetch({ ...query.options, retry: false }).catch(() => {
        queryClient.removeQueries({ queryKey: query.queryKey, exact: true })
      })
    }),
  )
}

function isEnabled(query: Query): boolean {
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) }
  return typeof enabled === 'function' ? enabled(query) : enabled !== false
}

function isBrowserOnly(pathname: string): boolean {
  return PRIVATE_PAGES.some(({ path }) => pathname === path || pathname.startsWith(`${path}/`))
}

function pickHero(): string {
  return HERO_IMAGES[Math.floor(Math.random() * HERO_IMAGES.length)] ?? HERO_IMAGES[0]
}

/** Safe inside <script>: no `<` can close it early. */
function serializeState(state: RenderedState): string {
  return JSON.stringify(state).replace(/</g, '\\u003c')
}

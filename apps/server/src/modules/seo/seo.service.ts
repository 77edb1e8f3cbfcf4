import { INDEXED_PAGES, canonicalPaths, type SiteContext } from '@tavlin/contracts'
import type { Catalog } from '../catalog/index.js'
import { renderHead } from './head-html.js'
import { createPageHeadResolver } from './page-heads.js'
import type { PageTexts } from './page-texts.js'
import { renderRobots, renderSitemap, type SitemapEntry } from './sitemap.js'

export type SeoServiceOptions = {
  /** The catalogue's public service: every page's entity and the sitemap's stamps. */
  catalog: Pick<Catalog, 'products' | 'recipes' | 'packages'>
  texts: PageTexts
  /** The published reviews of a product or package page, for its JSON-LD (issue 36). */
  reviews?: Parameters<typeof createPageHeadResolver>[0]['reviews']
  publicUrl: string
  /** The shared catalogue version: cached heads are dropped as a whole when it moves. */
  catalogVersion: () => Promise<number>
  /** Heads kept for the current version. */
  maxEntries?: number
}

/** The head of the page at an address, as HTML, with the status the page is answered with. */
export type PageHeadAnswer = { statusCode: 200 | 404; head: string }

export type SeoService = ReturnType<typeof createSeoService>

/**
 * What search engines and link previews see before any JavaScript runs: each page's
 * head (title, description, canonical address, Open Graph, JSON-LD), the sitemap and
 * robots.txt, all with PUBLIC_URL as the origin.
 */
export function createSeoService({
  catalog: { products, recipes, packages },
  texts,
  reviews,
  publicUrl,
  catalogVersion,
  maxEntries = 1000,
}: SeoServiceOptions) {
  const site: SiteContext = {
    origin: new URL(publicUrl).origin,
    siteName: texts.siteName,
    pageTitle: texts.pageTitle,
  }
  let cachedVersion = -1
  const cache = new Map<string, PageHeadAnswer>()

  const resolve = createPageHeadResolver({ products, recipes, packages, reviews }, texts, site)

  return {
    /** `path` is the address's path as requested (percent-encoded, no query). */
    async pageHead(path: string): Promise<PageHeadAnswer> {
      const key = normalise(path)
      const version = await catalogVersion()
      if (version !== cachedVersion) {
        cache.clear()
        cachedVersion = version
      }
      const cached = cache.get(key)
      if (cached) return cached
      const { statusCode, head } = await resolve(key)
      const answer = { statusCode, head: renderHead(head) }
      // Read after the version, so at least as new as it: never older than its key.
      if (version === cachedVersion) {
        if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!)
        cache.set(key, answer)
      }
      return answer
    },

    /** Every indexed page, product, recipe and package, with its last change where known. */
    async sitemap(): Promise<string> {
      const [productStamps, recipeStamps, packageStamps] = await Promise.all([
        products.stamps(),
        recipes.stamps(),
        packages.stamps(),
      ])
      const lastChangeOf: Record<string, Date | undefined> = {
        '/': latest([...productStamps, ...recipeStamps, ...packageStamps]),
        '/products': latest(productStamps),
        '/recipes': latest(recipeStamps),
        '/packages': latest(packageStamps),
      }
      const entries: SitemapEntry[] = [
        ...INDEXED_PAGES.filter((page) => !('listed' in page)).map(({ path }) => ({
          path,
          lastModified: lastChangeOf[path],
        })),
        ...productStamps.map((s) => ({ path: canonicalPaths.product(s.id), lastModified: s.updatedAt })),
        ...recipeStamps.map((s) => ({ path: canonicalPaths.recipe(s.id), lastModified: s.updatedAt })),
        ...packageStamps.map((s) => ({ path: canonicalPaths.package(s.id), lastModified: s.updatedAt })),
      ]
      return renderSitemap(site.origin, entries)
    },

    robots(): string {
      return renderRobots(site.origin)
    },
  }
}

function latest(stamps: Array<{ updatedAt: Date }>): Date | undefined {
  return stamps.reduce<Date | undefined>(
    (newest, { updatedAt }) => (!newest || updatedAt > newest ? updatedAt : newest),
    undefined,
  )
}

/**
 * One form per page: no trailing slash (Fastify ignores it for routes too), and one
 * leading slash, since `//host/x` would read as another site's address.
 */
function normalise(path: string): string {
  const trimmed = path.replace(/^\/+/, '/').replace(/\/+$/, '')
  return trimmed === '' ? '/' : trimmed
}

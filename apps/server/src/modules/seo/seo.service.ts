import {
  INDEXED_PAGES,
  IdSchema,
  PRIVATE_PAGES,
  canonicalPaths,
  packagePageHead,
  productPageHead,
  recipePageHead,
  sitePageHead,
  siteStructuredData,
  type PageHead,
  type SiteContext,
} from '@tavlin/contracts'
import { AppError } from '../../lib/errors.js'
import type { Catalog } from '../catalog/index.js'
import { renderHead } from './head-html.js'
import type { PageTexts } from './page-texts.js'
import { renderRobots, renderSitemap, type SitemapEntry } from './sitemap.js'

export type SeoServiceOptions = {
  /** The catalogue's public service: every page's entity and the sitemap's stamps. */
  catalog: Pick<Catalog, 'products' | 'recipes' | 'packages'>
  texts: PageTexts
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

  const sitePage = (path: string, title: string, description: string, isIndexable: boolean) =>
    sitePageHead(site, { path, title, description, isIndexable })
  const missing = (path: string, title: string, description: string) => ({
    statusCode: 404 as const,
    head: sitePage(path, texts.pageTitle(title), description, false),
  })

  /** Undefined when the entity does not exist (or the id cannot be one). */
  async function found<T>(read: () => Promise<T>): Promise<T | undefined> {
    try {
      return await read()
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return undefined
      throw error
    }
  }

  async function resolve(path: string): Promise<{ statusCode: 200 | 404; head: PageHead }> {
    if (path === '/') {
      return {
        statusCode: 200,
        head: sitePageHead(site, {
          path,
          title: texts.siteTitle,
          description: texts.siteDescription,
          isIndexable: true,
          structuredData: siteStructuredData(site),
        }),
      }
    }
    const indexed = INDEXED_PAGES.find((page) => page.path === path)
    if (indexed) {
      const { page } = indexed
      return {
        statusCode: 200,
        head: sitePage(path, texts.pageTitle(texts.titleOf(page)), texts.descriptionOf(page), true),
      }
    }
    const privatePage =
      PRIVATE_PAGES.find((page) => page.path === path) ??
      (path.startsWith('/admin/') ? PRIVATE_PAGES.find((page) => page.page === 'admin') : undefined)
    if (privatePage) {
      const title = texts.pageTitle(texts.titleOf(privatePage.page))
      return { statusCode: 200, head: sitePage(path, title, texts.siteDescription, false) }
    }

    const [section, key, rest, ...more] = path.split('/').slice(1)
    const isEntityPath = key !== undefined && (rest === undefined || rest === 'info') && more.length === 0
    if (section === 'products' && isEntityPath) {
      const product = IdSchema.safeParse(key).success ? await found(() => products.get(key)) : undefined
      if (product) return { statusCode: 200, head: productPageHead(site, product) }
      return missing(path, texts.titleOf('product'), texts.productMissing)
    }
    if (section === 'packages' && isEntityPath) {
      const pack = IdSchema.safeParse(key).success ? await found(() => packages.get(key)) : undefined
      if (pack)
        return { statusCode: 200, head: packagePageHead(site, pack, texts.packageDescription(pack.name)) }
      return missing(path, texts.titleOf('package'), texts.packageMissing)
    }
    if (section === 'recipes' && key !== undefined && rest === undefined) {
      // The package page links to its recipe by name (spec §2); the canonical address has the id.
      const name = decodeSegment(key)
      const recipe = IdSchema.safeParse(key).success
        ? await found(() => recipes.get(key))
        : name
          ? await found(() => recipes.getByName(name))
          : undefined
      if (recipe) return { statusCode: 200, head: recipePageHead(site, recipe) }
      return missing(path, texts.titleOf('recipe'), texts.recipeMissing)
    }
    return missing(path, texts.notFoundTitle, texts.notFound)
  }

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

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment).trim() || undefined
  } catch {
    return undefined
  }
}

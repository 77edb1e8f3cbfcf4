import {
  INDEXED_PAGES,
  IdSchema,
  PRIVATE_PAGES,
  packagePageHead,
  productPageHead,
  recipePageHead,
  sitePageHead,
  siteStructuredData,
  type ItemReviews,
  type Package,
  type PageHead,
  type Product,
  type Recipe,
  type SiteContext,
} from '@tavlin/contracts'
import { AppError } from '../../lib/errors.js'
import type { PageTexts } from './page-texts.js'

/** The catalogue reads a page's head needs (the catalogue's public service has them). */
type HeadCatalog = {
  products: { get(id: string): Promise<Product> }
  packages: { get(id: string): Promise<Package> }
  recipes: { get(id: string): Promise<Recipe>; getByName(name: string): Promise<Recipe> }
  /** The published reviews of a product or package, for its JSON-LD (issue 36). */
  reviews?: (item: { itemType: 'Product' | 'Package'; itemId: string }) => Promise<ItemReviews>
}
type ResolvedHead = { statusCode: 200 | 404; head: PageHead }

/** Finds the head of the page at a normalised path: the site's own pages, then the catalogue's. */
export function createPageHeadResolver(catalog: HeadCatalog, texts: PageTexts, site: SiteContext) {
  const sitePage = (path: string, title: string, description: string, isIndexable: boolean) =>
    sitePageHead(site, { path, title, description, isIndexable })
  const missing = (path: string, title: string, description: string) => ({
    statusCode: 404 as const,
    head: sitePage(path, texts.pageTitle(title), description, false),
  })

  function resolveSitePage(path: string): ResolvedHead | undefined {
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
    // A private page's own addresses too: the admin's sections, one order under /account.
    const privatePage =
      PRIVATE_PAGES.find((page) => page.path === path) ??
      (path.startsWith('/admin/') || path.startsWith('/account/')
        ? PRIVATE_PAGES.find((page) => path.startsWith(`${page.path}/`))
        : undefined)
    if (privatePage) {
      const title = texts.pageTitle(texts.titleOf(privatePage.page))
      return { statusCode: 200, head: sitePage(path, title, texts.siteDescription, false) }
    }
    return undefined
  }

  async function resolveEntityPage(path: string): Promise<ResolvedHead> {
    const { products, recipes, packages } = catalog
    const [section, key, rest, ...more] = path.split('/').slice(1)
    const isEntityPath = key !== undefined && (rest === undefined || rest === 'info') && more.length === 0
    if (section === 'products' && isEntityPath) {
      const product = IdSchema.safeParse(key).success ? await found(() => products.get(key)) : undefined
      if (product)
        return {
          statusCode: 200,
          head: productPageHead(site, product, await catalog.reviews?.({ itemType: 'Product', itemId: key })),
        }
      return missing(path, texts.titleOf('product'), texts.productMissing)
    }
    if (section === 'packages' && isEntityPath) {
      const pack = IdSchema.safeParse(key).success ? await found(() => packages.get(key)) : undefined
      if (pack)
        return {
          statusCode: 200,
          head: packagePageHead(
            site,
            pack,
            texts.packageDescription(pack.name),
            await catalog.reviews?.({ itemType: 'Package', itemId: key }),
          ),
        }
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

  return async (path: string): Promise<ResolvedHead> => resolveSitePage(path) ?? resolveEntityPage(path)
}

/** Undefined when the entity does not exist (or the id cannot be one). */
async function found<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read()
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return undefined
    throw error
  }
}

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment).trim() || undefined
  } catch {
    return undefined
  }
}

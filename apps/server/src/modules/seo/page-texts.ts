import type { IndexedPage, PrivatePage } from '@tavlin/contracts'

/** The Hebrew words of the pages' heads, as the SPA shows them. */
export type PageTexts = {
  siteName: string
  /** The home page's tab title: the site name and its tagline. */
  siteTitle: string
  siteDescription: string
  /** "{{page}} | תבלין" of the translation file. */
  pageTitle(page: string): string
  titleOf(page: IndexedPage | PrivatePage | 'product' | 'recipe' | 'package'): string
  descriptionOf(page: IndexedPage): string
  /** For a package without a description of its own. */
  packageDescription(name: string): string
  productMissing: string
  recipeMissing: string
  packageMissing: string
  notFoundTitle: string
  notFound: string
}

/**
 * The texts from the web app's own translation file in the build (lib/web-translation),
 * so the head the server writes says what the SPA will say; a key the file lacks falls
 * back to the site name or description rather than failing the page.
 */
export function loadPageTexts(translation: Record<string, unknown>, shopName: string): PageTexts {
  const text = (key: string): string | undefined => {
    let node: unknown = translation
    for (const part of key.split('.')) {
      node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined
    }
    return typeof node === 'string' && node.trim() ? node : undefined
  }
  const siteName = text('app.name') ?? shopName
  const siteDescription = text('app.description') ?? siteName
  const tagline = text('app.tagline')
  const documentTitle = text('app.documentTitle') ?? `{{page}} | ${siteName}`
  const pageTitle = (page: string) => interpolate(documentTitle, { page })
  return {
    siteName,
    siteTitle: tagline ? `${siteName} — ${tagline}` : siteName,
    siteDescription,
    pageTitle,
    titleOf: (page) => text(`pages.${page}.title`) ?? siteName,
    descriptionOf: (page) =>
      (page === 'home' ? undefined : text(`pages.${page}.description`)) ?? siteDescription,
    packageDescription: (name) => interpolate(text('pages.package.description') ?? siteDescription, { name }),
    productMissing: text('errors.productNotAvailable') ?? siteDescription,
    recipeMissing: text('errors.recipeNotAvailable') ?? siteDescription,
    packageMissing: text('errors.packageNotAvailable') ?? siteDescription,
    notFoundTitle: text('errors.notFound.title') ?? siteName,
    notFound: text('errors.notFound.text') ?? siteDescription,
  }
}

/** i18next's `{{name}}` placeholders, which is all these texts use. */
function interpolate(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => values[key] ?? whole)
}

import { IMAGE_WIDTHS } from '../common/images.js'

/**
 * Everything a page says about itself in <head>. The server writes it into the
 * index.html it returns and the SPA keeps it current while the visitor moves around;
 * both turn it into the same elements through `headElements`.
 */
export type PageHead = {
  /** The whole tab title ("ברברה | תבלין"). */
  title: string
  description: string
  /** Absolute address of the page: its canonical address when it is indexed. */
  url: string
  /** False for private pages and pages that do not exist: `noindex`, and no canonical. */
  isIndexable: boolean
  type: 'website' | 'product' | 'article'
  /** Absolute address of the picture shown when the page is shared. */
  image?: { url: string; alt: string }
  /** schema.org structured data, written as one JSON-LD script. */
  structuredData?: object
  siteName: string
}

/** What both sides know about the site when they build a page's head. */
export type SiteContext = {
  /** The public origin (PUBLIC_URL), without a trailing slash. */
  origin: string
  siteName: string
  /** A page's name in the tab title ("{{page}} | תבלין" of the translation file). */
  pageTitle: (page: string) => string
}

export type HeadElement =
  | { kind: 'title'; text: string }
  | { kind: 'meta'; attribute: 'name' | 'property'; key: string; content: string }
  | { kind: 'link'; rel: 'canonical'; href: string }
  | { kind: 'json-ld'; json: string }

export const OG_LOCALE = 'he_IL'
const SCHEMA = 'https://schema.org'

/** Attribute that marks the head elements a page owns, so a later page replaces them. */
export const PAGE_HEAD_ATTRIBUTE = 'data-page-head'

/**
 * The id of the JSON a page rendered on the server carries after #root: written by the
 * server's spa plugin, read by the browser before it hydrates (decision 097).
 */
export const RENDERED_STATE_ID = 'rendered-state'

/** The elements of a page's head, in the order they are written. */
export function headElements(head: PageHead): HeadElement[] {
  const meta = (attribute: 'name' | 'property', key: string, content: string): HeadElement => ({
    kind: 'meta',
    attribute,
    key,
    content,
  })
  const elements: HeadElement[] = [
    { kind: 'title', text: head.title },
    meta('name', 'description', head.description),
  ]
  if (head.isIndexable) elements.push({ kind: 'link', rel: 'canonical', href: head.url })
  else elements.push(meta('name', 'robots', 'noindex'))
  elements.push(
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.url),
    meta('property', 'og:type', head.type),
    meta('property', 'og:locale', OG_LOCALE),
    meta('property', 'og:site_name', head.siteName),
  )
  if (head.image) {
    elements.push(
      meta('property', 'og:image', head.image.url),
      meta('property', 'og:image:alt', head.image.alt),
      meta('name', 'twitter:card', 'summary_large_image'),
    )
  }
  if (head.structuredData) elements.push({ kind: 'json-ld', json: serializeJsonLd(head.structuredData) })
  return elements
}

/** A page of the site itself (home, lists, content, forms, private pages). */
export function sitePageHead(
  site: SiteContext,
  page: { path: string; title: string; description: string; isIndexable: boolean; structuredData?: object },
): PageHead {
  return {
    title: page.title,
    description: metaDescription(page.description),
    url: absoluteUrl(site.origin, page.path),
    isIndexable: page.isIndexable,
    type: 'website',
    siteName: site.siteName,
    ...(page.structuredData ? { structuredData: page.structuredData } : {}),
  }
}

/** The home page's structured data: who runs the shop and what the site is. */
export function siteStructuredData(site: SiteContext): object {
  const home = absoluteUrl(site.origin, '/')
  return {
    '@context': SCHEMA,
    '@graph': [
      { '@type': 'Organization', '@id': `${home}#organization`, name: site.siteName, url: home },
      {
        '@type': 'WebSite',
        '@id': `${home}#website`,
        name: site.siteName,
        url: home,
        inLanguage: 'he-IL',
        publisher: { '@id': `${home}#organization` },
      },
    ],
  }
}

/**
 * JSON for a <script type="application/ld+json"> element. `<`, `>` and `&` are written
 * as \u escapes so no text in the data ("</script><script>…") can close the element;
 * JSON.parse reads the same values back.
 */
export function serializeJsonLd(data: object): string {
  return JSON.stringify(data)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029')
}

/** An address on this site or elsewhere (an image on a CDN), made absolute. */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${origin}/`).toString()
}

const SIZED_IMAGE = new RegExp(`-(${IMAGE_WIDTHS.join('|')})\\.webp$`)

/** The widest stored copy of a catalogue image: sharing previews want a large picture. */
export function largestImage(url: string): string {
  return SIZED_IMAGE.test(url) ? url.replace(SIZED_IMAGE, `-${Math.max(...IMAGE_WIDTHS)}.webp`) : url
}

const DESCRIPTION_LENGTH = 160

/** One line of at most 160 characters, cut at a word, for the description tags. */
export function metaDescription(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim()
  if (line.length <= DESCRIPTION_LENGTH) return line
  const cut = line.slice(0, DESCRIPTION_LENGTH - 1)
  const lastSpace = cut.lastIndexOf(' ')
  return `${(lastSpace > DESCRIPTION_LENGTH / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`
}

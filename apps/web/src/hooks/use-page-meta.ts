import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { useTranslation } from '../lib/i18n'
import type { TFunction } from '../lib/i18n'
import {
  PAGE_HEAD_ATTRIBUTE,
  headElements,
  sitePageHead,
  type HeadElement,
  type PageHead,
  type SiteContext,
} from '@tavlin/contracts'

export type PageMeta = {
  /** The page's name: the tab shows "<title> | תבלין". Omitted on the home page (the site title). */
  title?: string
  /** Defaults to the site's description. */
  description?: string
  /** False for private pages (checkout, admin) and errors: `noindex`, no canonical address. */
  isIndexable?: boolean
  structuredData?: (site: SiteContext) => object
}

/**
 * Keeps <head> in step with the page: title, description, canonical address, Open
 * Graph and JSON-LD. Takes a page's meta, a whole head built from a catalogue entity
 * (`productPageHead` …), or null to leave the head as it is (while the entity loads,
 * the head the server wrote for this address stays).
 */
export function usePageMeta(meta: PageMeta | ((site: SiteContext) => PageHead) | null) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  // On the server (entry-server) the head is the server's own (seo module): nothing to build.
  const elements = typeof document === 'undefined' ? null : headElementsOf(meta, pathname, t)
  useEffect(() => {
    if (elements) applyHead(JSON.parse(elements) as HeadElement[])
  }, [elements])
}

/** The head's elements as JSON, compared by value: the head is built anew on every render. */
function headElementsOf(
  meta: Parameters<typeof usePageMeta>[0],
  pathname: string,
  t: TFunction,
): string | null {
  const site: SiteContext = {
    origin: publicOrigin(),
    siteName: t('app.name'),
    pageTitle: (page) => t('app.documentTitle', { page }),
  }
  let head: PageHead | null = null
  if (typeof meta === 'function') head = meta(site)
  else if (meta) {
    head = sitePageHead(site, {
      path: pathname.replace(/(.)\/+$/, '$1'),
      title: meta.title ? site.pageTitle(meta.title) : `${t('app.name')} — ${t('app.tagline')}`,
      description: meta.description ?? t('app.description'),
      isIndexable: meta.isIndexable ?? true,
      ...(meta.structuredData ? { structuredData: meta.structuredData(site) } : {}),
    })
  }
  return head ? JSON.stringify(headElements(head)) : null
}

/**
 * The site's public address (PUBLIC_URL): the origin of the canonical or og:url the
 * server wrote into the page, so the SPA names the same addresses as the server even
 * when the browser reached it by another name. The Vite dev server writes none.
 */
export function publicOrigin(): string {
  const written =
    document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ??
    document.head.querySelector('meta[property="og:url"]')?.getAttribute('content')
  try {
    if (written) return new URL(written).origin
  } catch {
    // Not an absolute address: fall back to where the page was loaded from.
  }
  return window.location.origin
}

function selectorOf(element: HeadElement): string {
  switch (element.kind) {
    case 'title':
      return 'title'
    case 'meta':
      return `meta[${element.attribute}="${element.key}"]`
    case 'link':
      return `link[rel="${element.rel}"]`
    case 'json-ld':
      return `script[type="application/ld+json"][${PAGE_HEAD_ATTRIBUTE}]`
  }
}

/**
 * Updates the elements already in <head> (the server's, or index.html's own title and
 * description) and adds the missing ones, so no tag is ever doubled; the page's
 * elements of the last page that this page does not have are removed.
 */
function applyHead(elements: HeadElement[]) {
  const owned = new Set<Element>()
  for (const element of elements) {
    let node = document.head.querySelector(selectorOf(element))
    if (!node) {
      node = document.createElement(element.kind === 'json-ld' ? 'script' : element.kind)
      document.head.append(node)
    }
    node.setAttribute(PAGE_HEAD_ATTRIBUTE, '')
    switch (element.kind) {
      case 'title':
        node.textContent = element.text
        break
      case 'meta':
        node.setAttribute(element.attribute, element.key)
        node.setAttribute('content', element.content)
        break
      case 'link':
        node.setAttribute('rel', element.rel)
        node.setAttribute('href', element.href)
        break
      case 'json-ld':
        node.setAttribute('type', 'application/ld+json')
        node.textContent = element.json
        break
    }
    owned.add(node)
  }
  for (const node of document.head.querySelectorAll(`[${PAGE_HEAD_ATTRIBUTE}]`)) {
    if (!owned.has(node)) node.remove()
  }
}

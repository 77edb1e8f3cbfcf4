import { CRAWL_DISALLOWED_PATHS, absoluteUrl } from '@tavlin/contracts'
import { escapeHtml } from '../../lib/html.js'

export type SitemapEntry = { path: string; lastModified?: Date }

/** A sitemaps.org URL set; every address absolute on the public origin. */
export function renderSitemap(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map(({ path, lastModified }) => {
    const lastmod = lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : ''
    return `  <url><loc>${escapeHtml(absoluteUrl(origin, path))}</loc>${lastmod}</url>`
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}

/** The shop is open to every crawler; private pages and machine endpoints are not. */
export function renderRobots(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...CRAWL_DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${absoluteUrl(origin, '/sitemap.xml')}`,
    '',
  ].join('\n')
}

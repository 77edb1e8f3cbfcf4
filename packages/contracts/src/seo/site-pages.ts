/**
 * The storefront addresses that matter to search engines, shared by the server (the
 * head it writes into index.html, the sitemap, robots.txt) and the SPA (the head it
 * keeps up to date), so both name the same canonical address for a page.
 */

/** A product, recipe or package has one canonical address; the others point to it. */
export const canonicalPaths = {
  product: (id: string) => `/products/${id}/info`,
  recipe: (id: string) => `/recipes/${id}`,
  package: (id: string) => `/packages/${id}/info`,
}

/**
 * Pages with their own text in the translation file (`pages.<page>.title`,
 * `pages.<page>.description`), in sitemap order. The home page's title is the site's.
 */
export const INDEXED_PAGES = [
  { path: '/', page: 'home' },
  { path: '/products', page: 'products' },
  { path: '/recipes', page: 'recipes' },
  { path: '/packages', page: 'packages' },
  { path: '/events', page: 'events' },
  { path: '/about', page: 'about' },
  { path: '/contact', page: 'contact' },
  { path: '/privacy', page: 'privacy' },
  { path: '/terms', page: 'terms' },
  { path: '/shipping', page: 'shipping' },
  { path: '/accessibility', page: 'accessibility' },
  { path: '/cancel-order', page: 'cancelOrder' },
  // Indexable, so a shared link previews well and the page passes crawler checks (there is
  // nothing private on it: the cart lives in the visitor's browser), but not listed in the
  // sitemap: it is no landing page. Decision 086.
  { path: '/checkout', page: 'checkout', listed: false },
] as const
export type IndexedPage = (typeof INDEXED_PAGES)[number]['page']

/** Pages of one visitor's order or of the administrators: never in a search result. */
export const PRIVATE_PAGES = [
  { path: '/checkout/payment-pending', page: 'paymentPending' },
  { path: '/thank-you', page: 'thankYou' },
  { path: '/admin', page: 'admin' },
  // The token in its address is the visitor's own secret (issue 18).
  { path: '/unsubscribe', page: 'unsubscribe' },
  // An e-mailed confirmation link (issue 33): its token is in the fragment, but the page is one reader's.
  { path: '/confirm', page: 'confirm' },
  // A cart reminder's restore link (issue 36, decision 282): its token is in the fragment; one reader's page.
  { path: '/cart/restore', page: 'cartRestore' },
  // One shopper's orders, addresses and details (issue 22): never rendered on the server nor kept.
  { path: '/account', page: 'account' },
  // An e-mailed review link (issue 36): its token is in the fragment, the page is one buyer's.
  { path: '/review', page: 'review' },
] as const
export type PrivatePage = (typeof PRIVATE_PAGES)[number]['page']

/** What robots.txt keeps crawlers out of: private pages and machine endpoints. */
export const CRAWL_DISALLOWED_PATHS = [
  '/admin',
  '/checkout/',
  '/thank-you',
  '/api/',
  '/oidc/',
  '/sandbox/',
  '/unsubscribe',
  '/confirm',
  '/cart/',
  '/account',
  '/review',
] as const

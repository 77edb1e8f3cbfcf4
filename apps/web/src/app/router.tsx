import {
  Outlet,
  matchRoutes,
  renderMatches,
  useLocation,
  type RouteMatch,
  type RouteObject,
} from 'react-router'
import { AccountGuard, AdminGuard } from '../features/auth'
import { NotFoundScreen } from '../components/layout/error-screens'
import { lazyPage, type LazyPage } from './lazy-page'
import { RootLayout } from './routes/root-layout'
import { RouteErrorBoundary } from './routes/route-error-boundary'

// Both addresses of a product (and of a package) show one page module.
const ProductPage = lazyPage(() => import('./routes/storefront/product-page'))
const PackagePage = lazyPage(() => import('./routes/storefront/package-page'))
const AccountPage = lazyPage(() => import('./routes/storefront/account-page'))

/**
 * Every route of spec §2, as declarative routes (`useRoutes`) rather than React Router's data
 * router, which weighed ≈ 17 KB gzip more in the first load of `/` (docs/decisions/007).
 * Only the shell is in the first chunk; each page is its own lazily loaded module, loaded
 * before the first render by `preloadPages` on the server and in the browser.
 */
export const routes: RouteObject[] = [
  {
    // The layout itself failed: nothing to render around the screen.
    element: (
      <RouteErrorBoundary>
        <RootLayout />
      </RouteErrorBoundary>
    ),
    children: [
      {
        // Page errors render inside the layout, so header and footer stay usable.
        element: (
          <RouteErrorBoundary>
            <Outlet />
          </RouteErrorBoundary>
        ),
        children: [
          { index: true, Component: lazyPage(() => import('./routes/storefront/home-page')) },
          { path: 'about', Component: lazyPage(() => import('./routes/storefront/about-page')) },
          { path: 'products', Component: lazyPage(() => import('./routes/storefront/products-page')) },
          { path: 'products/:productId/info', Component: ProductPage },
          { path: 'products/:productId', Component: ProductPage },
          { path: 'recipes', Component: lazyPage(() => import('./routes/storefront/recipes-page')) },
          { path: 'recipes/:recipeId', Component: lazyPage(() => import('./routes/storefront/recipe-page')) },
          { path: 'events', Component: lazyPage(() => import('./routes/storefront/events-page')) },
          { path: 'packages', Component: lazyPage(() => import('./routes/storefront/packages-page')) },
          { path: 'packages/:packageId/info', Component: PackagePage },
          { path: 'packages/:packageId', Component: PackagePage },
          { path: 'checkout', Component: lazyPage(() => import('./routes/storefront/checkout-page')) },
          {
            path: 'checkout/payment-pending',
            Component: lazyPage(() => import('./routes/storefront/payment-pending-page')),
          },
          { path: 'contact', Component: lazyPage(() => import('./routes/storefront/contact-page')) },
          { path: 'privacy', Component: lazyPage(() => import('./routes/storefront/privacy-page')) },
          { path: 'terms', Component: lazyPage(() => import('./routes/storefront/terms-page')) },
          {
            path: 'accessibility',
            Component: lazyPage(() => import('./routes/storefront/accessibility-page')),
          },
          { path: 'shipping', Component: lazyPage(() => import('./routes/storefront/shipping-page')) },
          { path: 'unsubscribe', Component: lazyPage(() => import('./routes/storefront/unsubscribe-page')) },
          { path: 'confirm', Component: lazyPage(() => import('./routes/storefront/confirm-page')) },
          { path: 'review', Component: lazyPage(() => import('./routes/storefront/review-page')) },
          {
            path: 'cart/restore',
            Component: lazyPage(() => import('./routes/storefront/cart-restore-page')),
          },
          {
            path: 'cancel-order',
            Component: lazyPage(() => import('./routes/storefront/cancel-order-page')),
          },
          {
            path: 'admin',
            // Display only: the API checks the token on every admin call (DESIGN §6).
            element: (
              <AdminGuard>
                <Outlet />
              </AdminGuard>
            ),
            children: [{ index: true, Component: lazyPage(() => import('./routes/admin/admin-page')) }],
          },
          {
            // Signed-out visitors are sent to sign in and come back (issue 22).
            path: 'account',
            Component: AccountGuard,
            children: [
              { index: true, Component: AccountPage },
              { path: '*', Component: AccountPage },
            ],
          },
          { path: 'thank-you', Component: lazyPage(() => import('./routes/storefront/thank-you-page')) },
          // An unknown address: the server answers it 404 with noindex (the page-head source).
          { path: '*', element: <NotFoundScreen /> },
        ],
      },
    ],
  },
]

/** The app's routes, rendered under a BrowserRouter (main.tsx) or a StaticRouter (entry-server.tsx). */
export function AppRoutes() {
  // What `useRoutes(routes)` renders at the top level, with the matching remembered.
  return renderMatches(matchAppRoutes(useLocation().pathname))
}

const MATCHES_KEPT = 500
const matchesByPath = new Map<string, RouteMatch[] | null>()

/**
 * The routes an address matches. React Router compiles a regular expression for every route
 * each time it matches (≈ 1 ms of a server render, twice per render: decision 166), so an
 * address's matches are kept; the route table never changes while the app runs.
 */
export function matchAppRoutes(pathname: string): RouteMatch[] | null {
  let matches = matchesByPath.get(pathname)
  if (matches === undefined) {
    matches = matchRoutes(routes, pathname)
    if (matchesByPath.size >= MATCHES_KEPT) matchesByPath.delete(matchesByPath.keys().next().value!)
    matchesByPath.set(pathname, matches)
  }
  return matches
}

function isLazyPage(component: unknown): component is LazyPage {
  return typeof component === 'function' && 'preload' in component
}

/**
 * Loads the page modules the address matches, so the first render has the page itself:
 * the server's render cannot wait for them, and the browser's hydration must match it.
 */
export async function preloadPages(pathname: string): Promise<void> {
  const matches = matchAppRoutes(pathname) ?? []
  await Promise.all(
    matches.map(({ route }) => (isLazyPage(route.Component) ? route.Component.preload() : undefined)),
  )
}

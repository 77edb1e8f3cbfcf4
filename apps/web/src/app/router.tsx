import { Outlet, createBrowserRouter, data, type RouteObject } from 'react-router'
import { AccountGuard, AdminGuard } from '../features/auth'
import { PageSpinner } from '../components/ui/spinner'
import { RootLayout } from './routes/root-layout'
import { RouteErrorBoundary } from './routes/route-error-boundary'

/** The catch-all answers 404 as a route response, so the router fallback shows it with its status. */
function notFoundLoader(): never {
  throw data(null, { status: 404, statusText: 'Not Found' })
}

// Never rendered (the loader always throws); present so the router does not warn about an empty leaf.
function NotFound() {
  return null
}

/**
 * Every route of spec §2. Only the shell is in the first chunk; each page is its
 * own lazily loaded module (product/package share one for both addresses).
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: PageSpinner,
    // The layout itself failed: nothing to render around the screen.
    ErrorBoundary: RouteErrorBoundary,
    children: [
      {
        // Page errors render inside the layout, so header and footer stay usable.
        ErrorBoundary: RouteErrorBoundary,
        children: [
          { index: true, lazy: () => import('./routes/storefront/home-page') },
          { path: 'about', lazy: () => import('./routes/storefront/about-page') },
          { path: 'products', lazy: () => import('./routes/storefront/products-page') },
          { path: 'products/:productId/info', lazy: () => import('./routes/storefront/product-page') },
          { path: 'products/:productId', lazy: () => import('./routes/storefront/product-page') },
          { path: 'recipes', lazy: () => import('./routes/storefront/recipes-page') },
          { path: 'recipes/:recipeId', lazy: () => import('./routes/storefront/recipe-page') },
          { path: 'events', lazy: () => import('./routes/storefront/events-page') },
          { path: 'packages', lazy: () => import('./routes/storefront/packages-page') },
          { path: 'packages/:packageId/info', lazy: () => import('./routes/storefront/package-page') },
          { path: 'packages/:packageId', lazy: () => import('./routes/storefront/package-page') },
          { path: 'checkout', lazy: () => import('./routes/storefront/checkout-page') },
          {
            path: 'checkout/payment-pending',
            lazy: () => import('./routes/storefront/payment-pending-page'),
          },
          { path: 'contact', lazy: () => import('./routes/storefront/contact-page') },
          { path: 'privacy', lazy: () => import('./routes/storefront/privacy-page') },
          { path: 'terms', lazy: () => import('./routes/storefront/terms-page') },
          { path: 'accessibility', lazy: () => import('./routes/storefront/accessibility-page') },
          { path: 'shipping', lazy: () => import('./routes/storefront/shipping-page') },
          { path: 'unsubscribe', lazy: () => import('./routes/storefront/unsubscribe-page') },
          { path: 'cancel-order', lazy: () => import('./routes/storefront/cancel-order-page') },
          {
            path: 'admin',
            // Display only: the API checks the token on every admin call (DESIGN §6).
            element: (
              <AdminGuard>
                <Outlet />
              </AdminGuard>
            ),
            children: [{ index: true, lazy: () => import('./routes/admin/admin-page') }],
          },
          {
            // Signed-out visitors are sent to sign in and come back (issue 22).
            path: 'account',
            Component: AccountGuard,
            children: [
              { index: true, lazy: () => import('./routes/storefront/account-page') },
              { path: '*', lazy: () => import('./routes/storefront/account-page') },
            ],
          },
          { path: 'thank-you', lazy: () => import('./routes/storefront/thank-you-page') },
          { path: '*', loader: notFoundLoader, Component: NotFound },
        ],
      },
    ],
  },
]

export function createAppRouter() {
  return createBrowserRouter(routes)
}

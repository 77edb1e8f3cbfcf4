import { StrictMode, startTransition, useEffect } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { RouterProvider, matchRoutes, type RouteObject } from 'react-router'
import { hydrate } from '@tanstack/react-query'
import { AppProviders } from './app/providers'
import { createAppRouter, routes } from './app/router'
import { loadTranslator } from './lib/i18n'
import { createQueryClient } from './lib/query-client'
import { readRenderedState } from './lib/rendered-state'
import './styles.css'

declare global {
  interface Window {
    __staticRouterHydrationData?: unknown
  }
}

const root = document.getElementById('root')
if (!root) throw new Error('Missing #root element')

const queryClient = createQueryClient()
const rendered = readRenderedState()
if (rendered) {
  // React Router's browser router reads its hydration data from here.
  window.__staticRouterHydrationData = rendered.router
  hydrate(queryClient, rendered.queries)
}

/**
 * The matched pages' modules, in place of their `lazy`, so the first render has the page
 * the server rendered instead of the router's loading fallback.
 */
async function loadMatchedRoutes() {
  const matches = matchRoutes(routes, window.location) ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return
      const module = (await route.lazy()) as Partial<RouteObject>
      Object.assign(route, { ...module, lazy: undefined })
    }),
  )
}

/**
 * Marks `<html data-app-ready>` once the app has hydrated or rendered the page. Until then
 * the server's markup is on screen but does not answer a click (its scripts load after the
 * first paint, decision 098); the browser tests wait for the mark as a visitor waits.
 */
function MarkAppReady() {
  useEffect(() => {
    document.documentElement.setAttribute('data-app-ready', '')
  }, [])
  return null
}

// Render once the Hebrew strings are in, so the first paint is never a screen of raw keys.
// A page the server rendered is already on screen: it is hydrated, the others rendered.
// A page module that fails to load is loaded again by the router when it renders.
const matchedRoutes = rendered ? loadMatchedRoutes().catch(() => undefined) : undefined
void Promise.all([loadTranslator(), matchedRoutes]).then(([translator]) => {
  const app = (
    <StrictMode>
      <AppProviders i18n={translator} queryClient={queryClient}>
        <RouterProvider router={createAppRouter()} />
        <MarkAppReady />
      </AppProviders>
    </StrictMode>
  )
  // A transition: the work is split into short tasks, so a tap during start-up is answered.
  startTransition(() => {
    if (rendered && root.hasChildNodes()) hydrateRoot(root, app)
    else createRoot(root).render(app)
  })
})

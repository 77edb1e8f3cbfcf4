import { StrictMode, startTransition, useEffect } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { hydrate } from '@tanstack/react-query'
import { AppProviders } from './app/providers'
import { AppRoutes, preloadPages } from './app/router'
import { loadTranslator } from './lib/i18n'
import { createQueryClient } from './lib/query-client'
import { readRenderedState } from './lib/rendered-state'
import './styles.css'

const root = document.getElementById('root')
if (!root) throw new Error('Missing #root element')

const queryClient = createQueryClient()
const rendered = readRenderedState()
if (rendered) hydrate(queryClient, rendered.queries)

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

// Render once the Hebrew strings and the page's module are in, so the first paint is never a
// screen of raw keys and a page the server rendered is hydrated whole (it is already on
// screen), the others rendered. A page module that fails to load is asked for again when
// the page renders, and its error shown there.
const pageModules = preloadPages(window.location.pathname).catch(() => undefined)
void Promise.all([loadTranslator(), pageModules]).then(([translator]) => {
  const app = (
    <StrictMode>
      <AppProviders i18n={translator} queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
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

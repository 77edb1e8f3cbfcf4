import { StrictMode, startTransition, useEffect, useRef } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { hydrate, type QueryClient } from '@tanstack/react-query'
import { replayEarlyTap, takeEarlyTap } from '../lib/early-tap'
import { loadTranslator, type Translator } from '../lib/i18n'
import { nextTask } from '../lib/next-task'
import { createQueryClient } from '../lib/query-client'
import { readRenderedState, type RenderedState } from '../lib/rendered-state'
import { AppProviders } from './providers'
import { AppRoutes, preloadPages } from './router'

/**
 * Marks `<html data-app-ready>` once the app has hydrated or rendered the page, and presses
 * again the button a visitor tapped before then (decision 266). Until then the server's
 * markup is on screen but has no handlers; the browser tests wait for the mark.
 */
function MarkAppReady({ earlyTap }: { earlyTap: HTMLButtonElement | null }) {
  // Once, though StrictMode runs the effect twice in development: a tap adds to the cart once.
  const pending = useRef(earlyTap)
  useEffect(() => {
    document.documentElement.setAttribute('data-app-ready', '')
    replayEarlyTap(pending.current)
    pending.current = null
  }, [])
  return null
}

/**
 * Hydrates the page the server rendered, or renders it, in steps that are each a task of
 * their own (`nextTask` between them), so none of them blocks a tap for long (decision 167).
 * Rendering waits for the Hebrew strings and the page's module, so the first paint is never a
 * screen of raw keys and a page the server rendered is hydrated whole (it is already on
 * screen), the others rendered. A page module that fails to load is asked for again when the
 * page renders, and its error shown there.
 */
export async function startApp(root: HTMLElement): Promise<void> {
  const translator = loadTranslator()
  const pageModules = preloadPages(window.location.pathname).catch(() => undefined)
  await nextTask()
  const queryClient = createQueryClient()
  const rendered = readRenderedState()
  if (rendered) hydrate(queryClient, rendered.queries)
  const [i18n] = await Promise.all([translator, pageModules])
  await nextTask()
  renderApp(root, { i18n, queryClient, rendered })
}

function renderApp(
  root: HTMLElement,
  { i18n, queryClient, rendered }: { i18n: Translator; queryClient: QueryClient; rendered?: RenderedState },
): void {
  // Taken before hydrating, so a tap is answered by the recording or by React, never both.
  const earlyTap = takeEarlyTap()
  const app = (
    <StrictMode>
      <AppProviders i18n={i18n} queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <MarkAppReady earlyTap={earlyTap} />
      </AppProviders>
    </StrictMode>
  )
  // A transition: the work is split into short tasks, so a tap during start-up is answered.
  startTransition(() => {
    if (rendered && root.hasChildNodes()) hydrateRoot(root, app)
    else createRoot(root).render(app)
  })
}

import type { ComponentType } from 'react'

/** A route module: each page file exports its screen as `Component`. */
export type PageModule = { Component: ComponentType }

export type LazyPage = ComponentType & {
  /** Loads the page's module; once it is in, the page renders without suspending. */
  preload(): Promise<unknown>
}

/**
 * A page whose code loads on first use, like `React.lazy`, but which can be loaded ahead:
 * the server renderer and the browser's hydration load the matched pages first, so the
 * first render (on the server with `renderToString`, which cannot wait) and the
 * hydration that follows it are the whole page, never a fallback (docs/decisions/007).
 * A module that fails to load is asked for again on the next render, as React Router's
 * `lazy` did.
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let Page: ComponentType | undefined
  let loading: Promise<PageModule> | undefined
  const preload = () => {
    loading ??= load().then(
      (module) => {
        Page = module.Component
        return module
      },
      (error: unknown) => {
        loading = undefined
        throw error
      },
    )
    return loading
  }
  function LazyRoutePage() {
    // Suspends until the module is in, as React.lazy does (by throwing the promise). The
    // router's navigations are transitions: the page the visitor is on stays on screen
    // until the next one has loaded.
    if (!Page) throw preload()
    return <Page />
  }
  return Object.assign(LazyRoutePage, { preload })
}

import type { ComponentType } from 'react'
import { lazy, useState } from 'react'

/**
 * React.lazy whose component renders at once when its module has already arrived. A lazy
 * component suspends on its first render even then, and React holds back the content that
 * replaces a Suspense fallback for up to 300 ms: a dialog opened that way came a third of a
 * second after the tap (decision 267). `load` is the loader to warm and await.
 */
export function lazyLoaded<P extends object>(
  importModule: () => Promise<{ default: ComponentType<P> }>,
): { Component: ComponentType<P>; load: () => Promise<unknown> } {
  let loaded: ComponentType<P> | undefined
  const load = () =>
    importModule().then((module) => {
      loaded = module.default
      return module
    })
  const Lazy = lazy(load)
  function LazyLoaded(props: P) {
    // Chosen once per mount: switching from the lazy to the loaded type would remount the dialog.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy)
    return <Component {...props} />
  }
  return { Component: LazyLoaded, load }
}

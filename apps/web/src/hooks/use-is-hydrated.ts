import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False on the server and while the browser hydrates the server's page, true from then
 * on: for what only the browser knows (the cart in localStorage), which the server's page
 * must not guess.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}

import { create } from 'zustand'
import { isTokenFresh, rememberSession } from './auth-common'
import { SIGNED_OUT, initialData, type AuthState } from './auth-state'
import {
  loadSession,
  login,
  loginRedirect,
  logout,
  newRuntime,
  restore,
  start,
  type Runtime,
} from './auth-flows'

export type { AuthNotice, AuthState, AuthStatus, LoginOutcome } from './auth-state'

export function createAuthStore() {
  let rt: Runtime | undefined
  const store = create<AuthState>()((set, get) => {
    const runtime = newRuntime(set)
    rt = runtime
    return {
      // What the server renders with (it knows no session): a page it rendered hydrates
      // from this, and the browser's hint is applied right after (decision 097).
      ...initialData({ withBrowserHint: false }),
      start: () => start(runtime),
      async ensureSession() {
        if (get().status === 'idle') set({ status: 'loading' })
        await restore(runtime)
      },
      preload() {
        void loadSession(runtime).catch(() => {})
      },
      login: (options) => login(runtime, options?.area ?? 'shop'),
      loginRedirect: (returnTo) => loginRedirect(runtime, returnTo),
      logout: () => logout(runtime),
      signOutLocally(notice = 'sessionEnded') {
        if (get().status !== 'signedIn') return
        rememberSession(false)
        set({ ...SIGNED_OUT, notice })
        void runtime.session?.manager.removeUser()
      },
      consumeReturnTo: () => set({ returnTo: null }),
      clearNotice: () => set({ notice: null }),
    }
  })

  store.setState({ status: initialData().status })

  /** For tests: a fresh start, as after a page load. */
  function reset() {
    if (rt) Object.assign(rt, newRuntime(rt.set))
    store.setState(initialData())
  }

  return Object.assign(store, { reset })
}

export const useAuthStore = createAuthStore()

/**
 * What lib/api-client sends as the bearer token: nothing once its cache entry has run out,
 * 60 s before the token itself (spec §9) — by then its renewal is under way.
 */
export function currentAccessToken(): string | undefined {
  const { accessToken, expiresAt } = useAuthStore.getState()
  if (!accessToken) return undefined
  return isTokenFresh(expiresAt) ? accessToken : undefined
}

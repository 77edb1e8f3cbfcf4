import { create } from 'zustand'
import type { User } from 'oidc-client-ts'
import type { OidcSession } from './oidc-session'
import {
  ADMIN_ROLE,
  POPUP_SIZE,
  POPUP_TARGET,
  hasStoredUser,
  isSignInReturn,
  returnPathOf,
  rolesOf,
  type SignInState,
} from './auth-common'

/**
 * idle: nothing suggests a session and the OIDC library is not loaded (most visitors);
 * loading: the library or the user is on its way; signedIn / signedOut: known.
 */
export type AuthStatus = 'idle' | 'loading' | 'signedIn' | 'signedOut'
/** `refused`: signed in at the provider, but to another organization (the notice says so). */
export type LoginOutcome = 'signedIn' | 'cancelled' | 'blocked' | 'failed' | 'refused'
/** Something to tell the person, shown by AuthRuntime as a toast (auth.<notice>). */
export type AuthNotice = 'loginFailed' | 'sessionEnded' | 'wrongOrganization'

type AuthData = {
  status: AuthStatus
  /** The ID token's claims. */
  claims: Record<string, unknown> | null
  /** For display only: the API checks the access token on every admin call. */
  isAdmin: boolean
  accessToken: string | undefined
  /** Seconds since the epoch. */
  expiresAt: number | undefined
  /** The sign-in popup is being opened or is open. */
  isSigningIn: boolean
  /** After a sign-in (or sign-out) return: the path the app replaces the address with. */
  returnTo: string | null
  notice: AuthNotice | null
}

type AuthActions = {
  /** Once at start-up: handles a sign-in return, or restores a stored session. Loads the library only then. */
  start: () => Promise<void>
  /** Loads the library and the stored user if not done yet (the /admin guard). */
  ensureSession: () => Promise<void>
  /** Warms the library (hover or focus on the login button), so the click can open the popup at once. */
  preload: () => void
  /** Sign-in in a popup. Call it straight from the click handler: see login() below. */
  login: () => Promise<LoginOutcome>
  /** Ends the session at the provider, which returns to the site's origin. */
  logout: () => Promise<void>
  /** After a 401: forget the user here. Only the OIDC entry goes; cart and theme stay (DESIGN §5). */
  signOutLocally: () => void
  consumeReturnTo: () => void
  clearNotice: () => void
}

export type AuthState = AuthData & AuthActions

const SIGNED_OUT = {
  status: 'signedOut',
  claims: null,
  isAdmin: false,
  accessToken: undefined,
  expiresAt: undefined,
} as const satisfies Partial<AuthData>

function initialData({ withBrowserHint = true } = {}): AuthData {
  // A returning signed-in person sees the spinner from the first paint, not a login button flashing by.
  const hint =
    withBrowserHint &&
    typeof window !== 'undefined' &&
    (isSignInReturn(window.location.search) || hasStoredUser())
  return {
    status: hint ? 'loading' : 'idle',
    claims: null,
    isAdmin: false,
    accessToken: undefined,
    expiresAt: undefined,
    isSigningIn: false,
    returnTo: null,
    notice: null,
  }
}

function userData(user: User, rolesClaim: string): Partial<AuthData> {
  return {
    status: 'signedIn',
    claims: user.profile,
    isAdmin: rolesOf(user.profile, rolesClaim).includes(ADMIN_ROLE),
    accessToken: user.access_token,
    expiresAt: user.expires_at,
  }
}

/** The same placement as oidc-client-ts' own popup, so the library takes over a window of the right size. */
function popupFeatures(): string {
  const left = Math.max(0, window.screenX + (window.outerWidth - POPUP_SIZE.width) / 2)
  const top = Math.max(0, window.screenY + (window.outerHeight - POPUP_SIZE.height) / 2)
  return `width=${POPUP_SIZE.width},height=${POPUP_SIZE.height},left=${left},top=${top},location=no,toolbar=no`
}

function outcomeOf(error: unknown): LoginOutcome {
  const message = error instanceof Error ? error.message : ''
  // Closing the popup is a choice, not an error.
  if (/closed by user/i.test(message)) return 'cancelled'
  // window.open gave nothing: the library then has no window to navigate.
  if (/blocked|disposed window/i.test(message)) return 'blocked'
  return 'failed'
}

export function createAuthStore() {
  // The loaded library, kept outside the state: it is not data the UI renders.
  let session: OidcSession | undefined
  let sessionPromise: Promise<OidcSession> | undefined
  let restorePromise: Promise<void> | undefined
  let hasStarted = false

  const store = create<AuthState>()((set, get) => {
    const signedOut = () => set(SIGNED_OUT)

    function loadSession(): Promise<OidcSession> {
      sessionPromise ??= import('./oidc-session')
        .then((module) => module.createOidcSession())
        .then(
          (loaded) => {
            session = loaded
            const { events } = loaded.manager
            // Sign-in, redirect return and every silent renewal come through here.
            events.addUserLoaded((user) => {
              if (loaded.isAccepted(user)) {
                set(userData(user, loaded.rolesClaim))
                return
              }
              set({ ...SIGNED_OUT, notice: 'wrongOrganization' })
              void loaded.manager.removeUser()
            })
            events.addUserUnloaded(signedOut)
            // Spec §4: renewal found the session gone (login_required): sign out locally.
            events.addSilentRenewError(() => {
              set({ notice: 'sessionEnded' })
              void loaded.manager.removeUser()
            })
            return loaded
          },
          (error: unknown) => {
            // The next attempt (another click, another visit to /admin) tries again.
            sessionPromise = undefined
            throw error
          },
        )
      return sessionPromise
    }

    function restore(): Promise<void> {
      restorePromise ??= (async () => {
        try {
          const { manager, rolesClaim, isAccepted } = await loadSession()
          const user = await manager.getUser()
          if (user && !isAccepted(user)) {
            await manager.removeUser()
            signedOut()
          } else if (user && !user.expired) {
            set(userData(user, rolesClaim))
          } else if (user?.refresh_token) {
            // Expired while the tab was away: renew once (userLoaded fills the state), else sign out.
            await manager.signinSilent().catch(() => manager.removeUser().then(signedOut))
          } else {
            if (user) await manager.removeUser()
            signedOut()
          }
        } catch {
          // No configuration or no library (offline): behave as signed out; a later action retries.
          restorePromise = undefined
          signedOut()
        }
      })()
      return restorePromise
    }

    async function handleSignInReturn(): Promise<void> {
      const { pathname } = window.location
      try {
        const { manager } = await loadSession()
        const user = await manager.signinCallback(window.location.href)
        // Popup or silent-renewal frame: the library handed the answer to the opener or parent.
        if (!user) return
        set({ returnTo: returnPathOf(user.state, pathname) })
      } catch {
        set({ ...SIGNED_OUT, returnTo: pathname, notice: 'loginFailed' })
      }
    }

    return {
      // What the server renders with (it knows no session): a page it rendered hydrates
      // from this, and the browser's hint is applied right after (decision 097).
      ...initialData({ withBrowserHint: false }),

      async start() {
        if (hasStarted) return
        hasStarted = true
        const { search, pathname } = window.location
        if (isSignInReturn(search)) {
          set({ status: 'loading' })
          await handleSignInReturn()
          return
        }
        const signOutState = new URLSearchParams(search).get('state')
        if (signOutState !== null) {
          // Back from the provider's sign-out (`?state=` only). The library would need to load just to
          // drop its record of the request, so it is dropped here, under the library's own key.
          localStorage.removeItem(`oidc.${signOutState}`)
          set({ returnTo: pathname })
        }
        if (hasStoredUser()) {
          set({ status: 'loading' })
          await restore()
        }
      },

      async ensureSession() {
        if (get().status === 'idle') set({ status: 'loading' })
        await restore()
      },

      preload() {
        void loadSession().catch(() => {})
      },

      login() {
        const state: SignInState = { returnTo: window.location.pathname + window.location.search }
        const openPopup = async (loaded: OidcSession): Promise<LoginOutcome> => {
          try {
            const user = await loaded.manager.signinPopup({ state, popupAbortOnClose: true })
            return loaded.isAccepted(user) ? 'signedIn' : 'refused'
          } catch (error) {
            return outcomeOf(error)
          } finally {
            set({ isSigningIn: false })
          }
        }
        set({ isSigningIn: true })
        // Browsers allow a popup only inside the click. With the library loaded (usually: the button
        // preloads it on hover and focus), signinPopup opens it synchronously, before its first await.
        if (session) return openPopup(session)
        // Not loaded yet (a tap on a touch screen): open the window now, empty; the library finds it
        // by name once loaded and sends it to the provider.
        const popup = window.open('', POPUP_TARGET, popupFeatures())
        if (!popup) {
          set({ isSigningIn: false })
          return Promise.resolve('blocked')
        }
        return loadSession().then(openPopup, () => {
          popup.close()
          set({ isSigningIn: false })
          return 'failed' as const
        })
      },

      async logout() {
        const loaded = session
        if (!loaded) {
          signedOut()
          return
        }
        try {
          await loaded.signOut()
        } catch {
          // The provider cannot be reached: at least forget the tokens here.
          await loaded.manager.removeUser().catch(() => {})
          signedOut()
        }
      },

      signOutLocally() {
        if (get().status !== 'signedIn') return
        set({ ...SIGNED_OUT, notice: 'sessionEnded' })
        void session?.manager.removeUser()
      },

      consumeReturnTo: () => set({ returnTo: null }),
      clearNotice: () => set({ notice: null }),
    }
  })

  store.setState({ status: initialData().status })

  /** For tests: a fresh start, as after a page load. */
  function reset() {
    session = undefined
    sessionPromise = undefined
    restorePromise = undefined
    hasStarted = false
    store.setState(initialData())
  }

  return Object.assign(store, { reset })
}

export const useAuthStore = createAuthStore()

/** What lib/api-client sends as the bearer token: nothing once it has expired. */
export function currentAccessToken(): string | undefined {
  const { accessToken, expiresAt } = useAuthStore.getState()
  if (!accessToken) return undefined
  return expiresAt === undefined || expiresAt * 1000 > Date.now() ? accessToken : undefined
}

import type { StoreApi } from 'zustand'
import type { OidcSession } from './oidc-session'
import {
  POPUP_SIZE,
  POPUP_TARGET,
  hasStoredUser,
  isSignInReturn,
  type SignInArea,
  type SignInState,
} from './auth-common'
import { SIGNED_OUT, type AuthState, type LoginOutcome } from './auth-state'

// The steps behind the auth store's actions. The loaded library and the pending
// promises are kept outside the state (they are not data the UI renders), in one
// Runtime per store.

export type Runtime = {
  session: OidcSession | undefined
  sessionPromise: Promise<OidcSession> | undefined
  restorePromise: Promise<void> | undefined
  hasStarted: boolean
  set: StoreApi<AuthState>['setState']
}

export function newRuntime(set: Runtime['set']): Runtime {
  return { session: undefined, sessionPromise: undefined, restorePromise: undefined, hasStarted: false, set }
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

/** Loads the OIDC library once (it listens to its own events); a failed load is retried next time. */
export function loadSession(rt: Runtime): Promise<OidcSession> {
  rt.sessionPromise ??= import('./oidc-session')
    .then((module) => module.createOidcSession(rt.set))
    .then(
      (loaded) => {
        rt.session = loaded
        return loaded
      },
      (error: unknown) => {
        // The next attempt (another click, another visit to /admin) tries again.
        rt.sessionPromise = undefined
        throw error
      },
    )
  return rt.sessionPromise
}

async function restoreOnce(rt: Runtime): Promise<void> {
  try {
    await (await loadSession(rt)).restore()
  } catch {
    // No configuration or no library (offline): behave as signed out; a later action retries.
    rt.restorePromise = undefined
    rt.set(SIGNED_OUT)
  }
}

/** The stored user, once per page load (again after a failure). */
export function restore(rt: Runtime): Promise<void> {
  rt.restorePromise ??= restoreOnce(rt)
  return rt.restorePromise
}

async function handleSignInReturn(rt: Runtime): Promise<void> {
  const { pathname } = window.location
  try {
    await (await loadSession(rt)).completeSignIn(pathname)
  } catch {
    rt.set({ ...SIGNED_OUT, returnTo: pathname, notice: 'loginFailed' })
  }
}

export async function start(rt: Runtime): Promise<void> {
  if (rt.hasStarted) return
  rt.hasStarted = true
  const { search, pathname } = window.location
  if (isSignInReturn(search)) {
    rt.set({ status: 'loading' })
    await handleSignInReturn(rt)
    return
  }
  const signOutState = new URLSearchParams(search).get('state')
  if (signOutState !== null) {
    // Back from the provider's sign-out (`?state=` only). The library would need to load just to
    // drop its record of the request, so it is dropped here, under the library's own key.
    localStorage.removeItem(`oidc.${signOutState}`)
    rt.set({ returnTo: pathname })
  }
  if (hasStoredUser()) {
    rt.set({ status: 'loading' })
    await restore(rt)
  }
}

export function login(rt: Runtime, area: SignInArea = 'shop'): Promise<LoginOutcome> {
  const { set } = rt
  const state: SignInState = { returnTo: window.location.pathname + window.location.search }
  const openPopup = async (loaded: OidcSession): Promise<LoginOutcome> => {
    try {
      const user = await loaded.manager.signinPopup({
        state,
        popupAbortOnClose: true,
        ...loaded.areaParams(area),
      })
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
  if (rt.session) return openPopup(rt.session)
  // Not loaded yet (a tap on a touch screen): open the window now, empty; the library finds it
  // by name once loaded and sends it to the provider.
  const popup = window.open('', POPUP_TARGET, popupFeatures())
  if (!popup) {
    set({ isSigningIn: false })
    return Promise.resolve('blocked')
  }
  return loadSession(rt).then(openPopup, () => {
    popup.close()
    set({ isSigningIn: false })
    return 'failed' as const
  })
}

/** A shopper's sign-in in this tab: the provider returns to the site, which goes on to `returnTo`. */
export async function loginRedirect(rt: Runtime, returnTo: string): Promise<void> {
  try {
    await (await loadSession(rt)).signInRedirect(returnTo)
  } catch {
    rt.set({ ...SIGNED_OUT, notice: 'loginFailed' })
  }
}

export async function logout(rt: Runtime): Promise<void> {
  const loaded = rt.session
  if (!loaded) {
    rt.set(SIGNED_OUT)
    return
  }
  try {
    await loaded.signOut()
  } catch {
    // The provider cannot be reached: at least forget the tokens here.
    await loaded.manager.removeUser().catch(() => {})
    rt.set(SIGNED_OUT)
  }
}

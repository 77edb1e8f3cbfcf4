import type { StoreApi } from 'zustand'
import type { OidcSession } from './oidc-session'
import {
  POPUP_TARGET,
  hasSessionHint,
  hasStoredUser,
  popupFeatures,
  isSignInReturn,
  signsInByRedirect,
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

/**
 * What a failed sign-in means to the person. Read by name, not by class: the classes live
 * in the library's chunk (popup-navigator.ts, id-token.ts), which this file must not pull in.
 */
function outcomeOf(error: unknown): LoginOutcome {
  const { name, reason, check } = (error ?? {}) as { name?: unknown; reason?: unknown; check?: unknown }
  if (name === 'PopupError') {
    // Closing the popup is a choice, not an error; a blocked one needs the person's help.
    if (reason === 'closed') return 'cancelled'
    if (reason === 'blocked') return 'blocked'
    return 'failed'
  }
  // Signed in at the provider, but to another organization than the shop's.
  if (name === 'IdTokenError' && check === 'organization') return 'refused'
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
  } catch (error) {
    const notice = outcomeOf(error) === 'refused' ? 'wrongOrganization' : 'loginFailed'
    rt.set({ ...SIGNED_OUT, returnTo: pathname, notice })
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
  if (hasStoredUser() || hasSessionHint()) {
    rt.set({ status: 'loading' })
    await restore(rt)
  }
}

/** The page the sign-in starts from, to come back to: path, query and fragment. */
function currentPage(): string {
  const { pathname, search, hash } = window.location
  return pathname + search + hash
}

/**
 * Signs in from the header or the /admin page: in a popup on a desktop (spec §4), in this tab
 * on a touch screen (decision 268), which comes back to the same page afterwards.
 */
export function login(rt: Runtime, area: SignInArea = 'shop'): Promise<LoginOutcome> {
  return signsInByRedirect() ? loginInThisTab(rt, area) : loginInPopup(rt, area)
}

/** 'leaving' once the tab is on its way to the provider; 'failed' when it could not go. */
async function loginInThisTab(rt: Runtime, area: SignInArea): Promise<LoginOutcome> {
  rt.set({ isSigningIn: true })
  // Back from the provider with the browser's back button, the page may come from the
  // back-forward cache with the spinner still on: the button comes back instead.
  window.addEventListener('pageshow', () => rt.set({ isSigningIn: false }), { once: true })
  try {
    await (await loadSession(rt)).signInRedirect(currentPage(), area)
    return 'leaving'
  } catch {
    rt.set({ isSigningIn: false })
    return 'failed'
  }
}

function loginInPopup(rt: Runtime, area: SignInArea): Promise<LoginOutcome> {
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
      const outcome = outcomeOf(error)
      if (outcome === 'refused') set({ notice: 'wrongOrganization' })
      return outcome
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
  const popup = window.open('', POPUP_TARGET, popupFeatures(window))
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
    await (await loadSession(rt)).signInRedirect(returnTo, 'shop')
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

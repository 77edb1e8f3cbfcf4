import type { User, UserManager } from 'oidc-client-ts'
import type { StoreApi } from 'zustand'
import { hasSessionHint, isTokenFresh, rememberSession, returnPathOf, type SignInState } from './auth-common'
import { SIGNED_OUT, userData, type AuthState } from './auth-state'

// The steps of the auth store's actions that run only once the OIDC library has loaded. They
// live in the library's chunk (oidc-session.ts imports them), not in the first one.

type Set = StoreApi<AuthState>['setState']
type Loaded = {
  manager: UserManager
  rolesClaim: string
  isAccepted: (user: Pick<User, 'profile'>) => boolean
}

/** Sign-in, redirect return and every silent renewal come through these events. */
export function listen({ manager, rolesClaim, isAccepted }: Loaded, set: Set): void {
  const { events } = manager
  events.addUserLoaded((user) => {
    if (isAccepted(user)) {
      rememberSession(true)
      set(userData(user, rolesClaim))
      return
    }
    set({ ...SIGNED_OUT, notice: 'wrongOrganization' })
    void manager.removeUser()
  })
  events.addUserUnloaded(() => {
    rememberSession(false)
    set(SIGNED_OUT)
  })
  // Spec §4: renewal found the session gone (login_required): sign out locally.
  events.addSilentRenewError(() => {
    set({ notice: 'sessionEnded' })
    void manager.removeUser()
  })
}

/**
 * The stored user: signed in, renewed once when expired, else signed out. With no stored user
 * but the mark of an earlier sign-in in this browser, the provider is asked silently (a hidden
 * frame, prompt=none): its session may have outlived this tab's storage.
 */
export async function restoreUser({ manager, rolesClaim, isAccepted }: Loaded, set: Set): Promise<void> {
  const signedOut = () => set(SIGNED_OUT)
  const user = await manager.getUser()
  if (user && !isAccepted(user)) {
    await manager.removeUser()
    signedOut()
  } else if (user && isTokenFresh(user.expires_at)) {
    rememberSession(true)
    set(userData(user, rolesClaim))
  } else if (user?.refresh_token) {
    // Expired (or about to: spec §9's 60 s) while the tab was away: renew once (userLoaded fills the state), else sign out.
    await manager.signinSilent().catch(() => manager.removeUser().then(signedOut))
  } else if (!user && hasSessionHint()) {
    // userLoaded fills the state; a provider without the session answers login_required.
    await manager.signinSilent().catch(() => {
      rememberSession(false)
      signedOut()
    })
  } else {
    if (user) await manager.removeUser()
    signedOut()
  }
}

/** Back from the provider: the user is stored, and the app goes on to where the sign-in started. */
export async function completeSignIn({ manager }: Loaded, set: Set, pathname: string): Promise<void> {
  const user = await manager.signinCallback(window.location.href)
  // Popup or silent-renewal frame: the library handed the answer to the opener or parent.
  if (!user) return
  set({ returnTo: returnPathOf(user.state, pathname) })
}

/**
 * A sign-in in this tab (a page that needs it, or any sign-in on a touch screen): the app
 * returns to `returnTo` afterwards. `areaParams`: the admin area's sign-in page, when asked.
 */
export async function signInRedirect(
  { manager }: Loaded,
  returnTo: string,
  areaParams: { extraQueryParams?: Record<string, string | number | boolean> },
): Promise<void> {
  const state: SignInState = { returnTo }
  await manager.signinRedirect({ state, ...areaParams })
}

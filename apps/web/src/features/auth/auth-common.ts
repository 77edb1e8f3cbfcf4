import { IDENTITY } from './identity-config'

// Small helpers the first chunk needs; nothing here may import the OIDC library.

export const ADMIN_ROLE = 'Admin'

/** The name of the sign-in popup: the login button may open it before the library has loaded. */
export const POPUP_TARGET = 'tavlin-sign-in'

/**
 * The popup's `window.open` features, centred over `host`. The login button may open the
 * window before the library has loaded and the library then takes it over: both use this.
 */
export function popupFeatures(
  host: Window,
  size: { width: number; height: number } = IDENTITY.popupSize,
): string {
  const left = Math.max(0, host.screenX + (host.outerWidth - size.width) / 2)
  const top = Math.max(0, host.screenY + (host.outerHeight - size.height) / 2)
  return `width=${size.width},height=${size.height},left=${left},top=${top},location=no,toolbar=no`
}

/**
 * A touch screen's browser (a phone, a tablet) reports a coarse primary pointer, whatever its
 * width. There a popup is blocked, or opens as a tab that does not find its way back, so the
 * sign-in goes by redirect in the same tab (decision 268, spec departure 37).
 */
export const TOUCH_SCREEN_QUERY = '(pointer: coarse)'

export function signsInByRedirect(host: Window = window): boolean {
  return typeof host.matchMedia === 'function' && host.matchMedia(TOUCH_SCREEN_QUERY).matches
}

/** Where the app came from before signing in; the callback returns there. */
export type SignInState = { returnTo?: string }

/**
 * Spec §9: a token's cache entry runs out 60 s before the token does. `expiresAt` in
 * seconds since the epoch (undefined: the issuer gave no lifetime), `now` in milliseconds.
 */
export function isTokenFresh(expiresAt: number | undefined, now: number = Date.now()): boolean {
  return expiresAt === undefined || (expiresAt - IDENTITY.earlyExpirySeconds) * 1000 > now
}

/**
 * Which sign-in page the built-in provider shows (issue 22): the shop's, with registration
 * and a forgotten password, or the admin area's ("כניסה לניהול החנות"), asked for with the
 * authorization parameter `ui_area=admin`. External issuers ignore the parameter.
 */
export type SignInArea = 'shop' | 'admin'

/** The roles list of the signed-in user, from the namespaced claim of the ID token. */
export function rolesOf(profile: Record<string, unknown> | undefined | null, rolesClaim: string): string[] {
  const roles = profile?.[rolesClaim]
  return Array.isArray(roles) ? roles.filter((role): role is string => typeof role === 'string') : []
}

/**
 * Spec §5: with an organization configured, the ID token must name it — an `org_…` id
 * compared exactly with `org_id`, a name compared lower-case with `org_name` (Auth0
 * lower-cases names). The same rule as the API's check of access tokens.
 */
export function belongsToOrganization(
  claims: Record<string, unknown> | undefined | null,
  organization: string,
): boolean {
  return organization.startsWith('org_')
    ? claims?.org_id === organization
    : typeof claims?.org_name === 'string' && claims.org_name === organization.toLowerCase()
}

/** Spec §2: a sign-in return carries `code` (or `error`) together with `state` in its query. */
export function isSignInReturn(search: string): boolean {
  const params = new URLSearchParams(search)
  return (params.has('code') || params.has('error')) && params.has('state')
}

/**
 * oidc-client-ts keeps the signed-in user in sessionStorage under
 * `oidc.user:<authority>:<client id>`. Only its presence is checked here: the
 * library itself then reads the entry of the configured issuer, so an entry
 * of another issuer just ends as "signed out".
 */
export const USER_KEY_PREFIX = 'oidc.user:'

export function hasStoredUser(storage: Storage = window.sessionStorage): boolean {
  for (let index = 0; index < storage.length; index++) {
    if (storage.key(index)?.startsWith(USER_KEY_PREFIX)) return true
  }
  return false
}

/**
 * The user above lives in sessionStorage, which a browser restart (or a new tab) empties while
 * the provider's session cookie lives on: /account then signed in silently while the header
 * offered "כניסה". This mark in localStorage says "signed in here before, never signed out", so
 * the app asks the provider silently (prompt=none) on the next visit; it goes with the user.
 */
export const SESSION_HINT_KEY = 'signed-in-before'

export function hasSessionHint(storage: Storage = window.localStorage): boolean {
  return storage.getItem(SESSION_HINT_KEY) !== null
}

export function rememberSession(isSignedIn: boolean, storage: Storage = window.localStorage): void {
  if (isSignedIn) storage.setItem(SESSION_HINT_KEY, '1')
  else storage.removeItem(SESSION_HINT_KEY)
}

/** The path to show after a sign-in return: the recorded one when it is a local path, else the current path. */
export function returnPathOf(state: unknown, currentPath: string): string {
  const returnTo = (state as SignInState | undefined)?.returnTo
  return typeof returnTo === 'string' && returnTo.startsWith('/') && !returnTo.startsWith('//')
    ? returnTo
    : currentPath
}

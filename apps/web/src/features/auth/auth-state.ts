import type { User } from 'oidc-client-ts'
import {
  ADMIN_ROLE,
  hasSessionHint,
  hasStoredUser,
  isSignInReturn,
  rolesOf,
  type SignInArea,
} from './auth-common'

/**
 * idle: nothing suggests a session and the OIDC library is not loaded (most visitors);
 * loading: the library or the user is on its way; signedIn / signedOut: known.
 */
export type AuthStatus = 'idle' | 'loading' | 'signedIn' | 'signedOut'
/**
 * `refused`: signed in at the provider, but to another organization (the notice says so);
 * `leaving`: the tab is on its way to the provider (a touch screen's sign-in, decision 268).
 */
export type LoginOutcome = 'signedIn' | 'cancelled' | 'blocked' | 'failed' | 'refused' | 'leaving'
/** Something to tell the person, shown by AuthRuntime as a toast (auth.<notice>). */
export type AuthNotice = 'loginFailed' | 'sessionEnded' | 'wrongOrganization'

export type AuthData = {
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

export type AuthActions = {
  /** Once at start-up: handles a sign-in return, or restores a stored session. Loads the library only then. */
  start: () => Promise<void>
  /** Loads the library and the stored user if not done yet (the /admin guard). */
  ensureSession: () => Promise<void>
  /** Warms the library (hover or focus on the login button), so the click can open the popup at once. */
  preload: () => void
  /**
   * Sign-in in a popup, or in this tab on a touch screen (decision 268). Call it straight from
   * the click handler: see login() in auth-flows. `area` 'admin' asks for the admin area's
   * sign-in page (the header's button: the shop's).
   */
  login: (options?: { area?: SignInArea }) => Promise<LoginOutcome>
  /** Sign-in in this tab (a page that needs it, e.g. /account); the app returns to `returnTo`. */
  loginRedirect: (returnTo: string) => Promise<void>
  /** Ends the session at the provider, which returns to the site's origin. */
  logout: () => Promise<void>
  /** After a 401: forget the user here. Only the OIDC entry goes; cart and theme stay (DESIGN §5). */
  /** `notice`: the toast to show (default: the session ended; null after deleting the account). */
  signOutLocally: (notice?: AuthNotice | null) => void
  consumeReturnTo: () => void
  clearNotice: () => void
}

export type AuthState = AuthData & AuthActions

export const SIGNED_OUT = {
  status: 'signedOut',
  claims: null,
  isAdmin: false,
  accessToken: undefined,
  expiresAt: undefined,
} as const satisfies Partial<AuthData>

export function initialData({ withBrowserHint = true } = {}): AuthData {
  // A returning signed-in person sees the spinner from the first paint, not a login button flashing by.
  const hint =
    withBrowserHint &&
    typeof window !== 'undefined' &&
    (isSignInReturn(window.location.search) || hasStoredUser() || hasSessionHint())
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

export function userData(user: User, rolesClaim: string): Partial<AuthData> {
  return {
    status: 'signedIn',
    claims: user.profile,
    isAdmin: rolesOf(user.profile, rolesClaim).includes(ADMIN_ROLE),
    accessToken: user.access_token,
    expiresAt: user.expires_at,
  }
}

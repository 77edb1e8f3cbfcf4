import type { User, UserManager } from 'oidc-client-ts'
import { POPUP_TARGET, belongsToOrganization, type SignInArea } from './auth-common'
import {
  fetchIdentitySettings,
  fetchIssuerKeys,
  fetchIssuerMetadata,
  oidcSettings,
  type IdentitySettings,
} from './auth-settings'
import type { AuthState } from './auth-state'
import { CheckedUserManager } from './checked-user-manager'
import { issuerKeys } from './id-token'
import { createIdentityHttp, type IdentityHttp } from './identity-http'
import { nonceLedger } from './nonce-ledger'
import { popupNavigator } from './popup-navigator'
import { completeSignIn, listen, restoreUser, signInRedirect } from './session-steps'
import type { StoreApi } from 'zustand'

/**
 * The OIDC side of sign-in: oidc-client-ts and the issuer's settings. This
 * module is only ever imported dynamically (auth-store.ts), so the library
 * stays out of the first chunk for visitors who never sign in.
 */
export type OidcSession = {
  manager: UserManager
  rolesClaim: string
  /** False for a user whose ID token belongs to another organization than the configured one. */
  isAccepted: (user: Pick<User, 'profile'>) => boolean
  /** Revokes the refresh token, then ends the session at the provider, which returns to the site. */
  signOut: () => Promise<void>
  /**
   * The authorization parameters of a sign-in to `area`: the admin area adds `ui_area=admin`.
   * Passed per call they replace the settings' own (audience, organization), so those are kept.
   */
  areaParams: (area: SignInArea) => { extraQueryParams?: Record<string, string | number | boolean> }
  /** The stored user into the store (session-steps.ts). */
  restore: () => Promise<void>
  /** Handles a sign-in return at `pathname`. */
  completeSignIn: (pathname: string) => Promise<void>
  /** A sign-in in this tab, back to `returnTo` afterwards (decision 268: every sign-in on a touch screen). */
  signInRedirect: (returnTo: string, area: SignInArea) => Promise<void>
}

/** `set`: the auth store's, which the library's events and the steps below fill in. */
export async function createOidcSession(set: StoreApi<AuthState>['setState']): Promise<OidcSession> {
  const http = createIdentityHttp()
  const identity = await fetchIdentitySettings(http)
  const manager = await createUserManager(identity, http, window.location.origin)
  const { organization } = identity
  const loaded = {
    manager,
    rolesClaim: identity.rolesClaim,
    // Every token is checked on arrival (checked-user-manager.ts), the organization too; a
    // user stored under an earlier configuration is checked again here.
    isAccepted: (user: Pick<User, 'profile'>) =>
      !organization || belongsToOrganization(user.profile, organization),
  }
  listen(loaded, set)
  const areaParams: OidcSession['areaParams'] = (area) =>
    area === 'admin' ? { extraQueryParams: { ...manager.settings.extraQueryParams, ui_area: 'admin' } } : {}
  return {
    ...loaded,
    restore: () => restoreUser(loaded, set),
    completeSignIn: (pathname) => completeSignIn(loaded, set, pathname),
    signInRedirect: (returnTo, area) => signInRedirect(loaded, returnTo, areaParams(area)),
    signOut: () => signOut(manager, identity.clientId, http),
    areaParams,
  }
}

/**
 * The session's UserManager: the issuer's discovery document, keys and token endpoint are
 * all reached through `http`, and every ID token is verified in the browser on arrival.
 */
export async function createUserManager(
  identity: IdentitySettings,
  http: IdentityHttp,
  origin: string,
): Promise<UserManager> {
  const metadata = await fetchIssuerMetadata(http, identity.authority)
  return new CheckedUserManager(oidcSettings(identity, origin, metadata), {
    http,
    keys: issuerKeys(() => fetchIssuerKeys(http, metadata.jwks_uri)),
    nonces: nonceLedger(),
    organization: identity.organization,
    popupNavigator: popupNavigator(POPUP_TARGET),
  })
}

/**
 * The refresh token outlives the provider's session (offline_access), so it is revoked
 * first. Not through the library's revokeTokensOnSignout: it insists on a JSON answer,
 * and RFC 7009 servers (the built-in one included) answer 200 with an empty body, which
 * made the whole sign-out fail. JWT access tokens cannot be revoked; they expire soon.
 */
async function signOut(manager: UserManager, clientId: string, http: IdentityHttp): Promise<void> {
  const user = await manager.getUser()
  const endpoint = await manager.metadataService.getRevocationEndpoint(true)
  if (user?.refresh_token && endpoint) {
    await http
      .postForm(endpoint, {
        token: user.refresh_token,
        token_type_hint: 'refresh_token',
        client_id: clientId,
      })
      .catch(() => {
        // Best effort: signing out must not depend on it.
      })
  }
  await manager.signoutRedirect()
}

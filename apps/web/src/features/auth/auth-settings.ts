import type { AuthProviderNoUserManagerProps } from 'react-oidc-context'
import { PublicConfigSchema, type PublicConfig } from '@tavlin/contracts'

export type IdentitySettings = PublicConfig['identity']

/** Where the app came from before signing in; the callback returns there. */
export type SignInState = { returnTo?: string }

/** Reads the identity block of `GET /api/config`, so one build works with any issuer. */
export async function fetchIdentitySettings(signal?: AbortSignal): Promise<IdentitySettings> {
  const response = await fetch('/api/config', { signal, headers: { accept: 'application/json' } })
  if (!response.ok) throw new Error(`GET /api/config answered ${response.status}`)
  const body: unknown = await response.json()
  const parsed = PublicConfigSchema.safeParse((body as { data?: unknown }).data)
  if (!parsed.success) throw new Error('Invalid response format')
  return parsed.data.identity
}

/**
 * react-oidc-context settings for the issuer named in the config. `origin`
 * is the site's origin: the provider returns there after sign-in (the popup
 * loads it too) and after sign-out.
 */
export function oidcSettings(identity: IdentitySettings, origin: string): AuthProviderNoUserManagerProps {
  const home = `${origin}/`
  const audienceParams: Record<string, string> =
    identity.audienceParameter === 'none' ? {} : { [identity.audienceParameter]: identity.audience }
  const organizationParams: Record<string, string> = identity.organization ? { organization: identity.organization } : {}
  return {
    authority: identity.authority,
    client_id: identity.clientId,
    redirect_uri: home,
    popup_redirect_uri: home,
    silent_redirect_uri: home,
    post_logout_redirect_uri: home,
    response_type: 'code',
    scope: identity.scope,
    // RFC 8707 `resource` for the built-in provider, `audience` for Auth0 (TOOLCHAIN G11, auth0.md).
    extraQueryParams: { ...audienceParams, ...organizationParams },
    extraTokenParams: identity.audienceParameter === 'resource' ? audienceParams : {},
    automaticSilentRenew: true,
    revokeTokensOnSignout: true,
    loadUserInfo: false,
    // Spec §9: a 400×600 popup, given up after 60 s.
    popupWindowFeatures: { width: 400, height: 600, closePopupWindowAfterInSeconds: 60 },
    onSigninCallback: replaceCallbackAddress,
  }
}

/**
 * After a redirect sign-in the address still holds `code` and `state`:
 * replace it with the path the person started from, or the current path.
 */
export function replaceCallbackAddress(user: { state?: unknown } | undefined | void): void {
  const state = (user?.state ?? {}) as SignInState
  const returnTo =
    typeof state.returnTo === 'string' && state.returnTo.startsWith('/') && !state.returnTo.startsWith('//')
      ? state.returnTo
      : window.location.pathname
  window.history.replaceState(window.history.state, document.title, returnTo)
}

/** The roles list of the signed-in user, from the namespaced claim of the ID token. */
export function rolesOf(profile: Record<string, unknown> | undefined, rolesClaim: string): string[] {
  const roles = profile?.[rolesClaim]
  return Array.isArray(roles) ? roles.filter((role): role is string => typeof role === 'string') : []
}

export const ADMIN_ROLE = 'Admin'

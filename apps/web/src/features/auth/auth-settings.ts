import type { UserManagerSettings } from 'oidc-client-ts'
import { PublicConfigSchema, type PublicConfig } from '@tavlin/contracts'
import { POPUP_SIZE, POPUP_TARGET } from './auth-common'

// Loaded with the OIDC library (see oidc-session.ts), never with the first chunk.

export type IdentitySettings = PublicConfig['identity']

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
 * oidc-client-ts settings for the issuer named in the config. `origin` is the
 * site's origin: the provider returns there after sign-in (the popup and the
 * silent-renewal frame load it too) and after sign-out.
 */
export function oidcSettings(identity: IdentitySettings, origin: string): UserManagerSettings {
  const home = `${origin}/`
  const audienceParams: Record<string, string> =
    identity.audienceParameter === 'none' ? {} : { [identity.audienceParameter]: identity.audience }
  const organizationParams: Record<string, string> = identity.organization
    ? { organization: identity.organization }
    : {}
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
    // Revocation is done by oidc-session.ts' signOut(): see there.
    revokeTokensOnSignout: false,
    loadUserInfo: false,
    popupWindowTarget: POPUP_TARGET,
    // Spec §9: the popup is given up after 60 s.
    popupWindowFeatures: { ...POPUP_SIZE, closePopupWindowAfterInSeconds: 60 },
  }
}

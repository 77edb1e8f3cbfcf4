import type { OidcMetadata, UserManagerSettings } from 'oidc-client-ts'
import type { JSONWebKeySet } from 'jose'
import { PublicConfigSchema, type PublicConfig } from '@tavlin/contracts'
import { POPUP_TARGET } from './auth-common'
import { IDENTITY } from './identity-config'
import { IdentityHttpError, type IdentityHttp } from './identity-http'

// Loaded with the OIDC library (see oidc-session.ts), never with the first chunk.

export type IdentitySettings = PublicConfig['identity']

/**
 * Reads the identity block of `GET /api/config`, so one build works with any issuer.
 * Through the identity HTTP client like every other sign-in call: 10 s, 3 attempts.
 */
export async function fetchIdentitySettings(http: IdentityHttp): Promise<IdentitySettings> {
  const body = (await http.getJson('/api/config')) as { data?: unknown }
  const parsed = PublicConfigSchema.safeParse(body.data)
  if (!parsed.success) throw new IdentityHttpError({ kind: 'format', message: 'Invalid response format' })
  return parsed.data.identity
}

/** The issuer's endpoints the session uses. */
export type IssuerMetadata = Partial<OidcMetadata> &
  Pick<OidcMetadata, 'issuer' | 'authorization_endpoint' | 'token_endpoint' | 'jwks_uri'>

/** OpenID Connect Discovery 1.0 §4: the document under the issuer, read once per page load. */
export async function fetchIssuerMetadata(http: IdentityHttp, authority: string): Promise<IssuerMetadata> {
  const url = `${authority.endsWith('/') ? authority : `${authority}/`}.well-known/openid-configuration`
  const metadata = (await http.getJson(url)) as Partial<OidcMetadata>
  for (const field of ['issuer', 'authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const) {
    if (typeof metadata[field] !== 'string') {
      throw new IdentityHttpError({
        kind: 'format',
        message: `The discovery document at ${url} has no ${field}`,
      })
    }
  }
  return metadata as IssuerMetadata
}

/** The issuer's published keys (the JWKS), against which ID tokens are verified. */
export async function fetchIssuerKeys(http: IdentityHttp, jwksUri: string): Promise<JSONWebKeySet> {
  const jwks = (await http.getJson(jwksUri)) as Partial<JSONWebKeySet>
  if (!Array.isArray(jwks.keys)) {
    throw new IdentityHttpError({ kind: 'format', message: `The key set at ${jwksUri} has no keys` })
  }
  return jwks as JSONWebKeySet
}

/**
 * oidc-client-ts settings for the issuer named in the config. `origin` is the
 * site's origin: the provider returns there after sign-in (the popup and the
 * silent-renewal frame load it too) and after sign-out.
 */
export function oidcSettings(
  identity: IdentitySettings,
  origin: string,
  metadata?: IssuerMetadata,
): UserManagerSettings {
  const home = `${origin}/`
  const audienceParams: Record<string, string> =
    identity.audienceParameter === 'none' ? {} : { [identity.audienceParameter]: identity.audience }
  const organizationParams: Record<string, string> = identity.organization
    ? { organization: identity.organization }
    : {}
  return {
    authority: identity.authority,
    client_id: identity.clientId,
    // Read through the identity HTTP client (fetchIssuerMetadata), so the library fetches nothing itself.
    ...(metadata ? { metadata } : {}),
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
    // Spec §9: renewal starts as the token's cache entry runs out, 60 s before the token does…
    accessTokenExpiringNotificationTimeInSeconds: IDENTITY.earlyExpirySeconds,
    // …and the hidden frame of a renewal without a refresh token waits a minute.
    silentRequestTimeoutInSeconds: IDENTITY.frameWaitMs / 1000,
    // Revocation is done by oidc-session.ts' signOut(): see there.
    revokeTokensOnSignout: false,
    loadUserInfo: false,
    popupWindowTarget: POPUP_TARGET,
  }
}

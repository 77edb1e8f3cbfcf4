import type Provider from 'oidc-provider'
import type { Configuration, KoaContextWithOIDC, errors } from 'oidc-provider'
import type { AppConfig } from '../../config/env.js'
import type { Account, AccountsService } from './accounts.service.js'
import type { IdentityKeys } from './key-store.repository.js'
import { errorPage, loggedOutPage, logoutPage, pageCsp } from './sign-in-pages.js'

export const MOUNT_PATH = '/oidc'
type OidcErrors = typeof errors
// Spec §6: openid profile email roles, plus offline_access for refresh tokens. The roles
// claim is released under `roles` only, as external issuers (Keycloak's `roles` scope) do.
const SCOPES = ['openid', 'profile', 'email', 'roles', 'offline_access']
/** What the shop's API accepts in its access tokens. */
const API_SCOPE = 'openid profile email roles'

export const TOKEN_TTL = {
  AccessToken: 10 * 60,
  AuthorizationCode: 60,
  IdToken: 60 * 60,
  Interaction: 60 * 60,
  Session: 14 * 24 * 60 * 60,
  Grant: 14 * 24 * 60 * 60,
  RefreshToken: 14 * 24 * 60 * 60,
} as const

/**
 * The built-in OpenID Connect provider: one public client (the SPA) using the
 * code flow with PKCE S256, JWT access tokens for the shop's API, rotating
 * refresh tokens, RP-initiated logout. Everything it stores goes through the
 * Drizzle adapter; keys come from the database.
 * oidc-provider (with Koa) is loaded here, on the first call, not when the server starts:
 * it was the largest single cost of a start (docs/decisions/165).
 */
export async function createProvider(deps: {
  config: AppConfig
  /** Where the provider keeps its sessions, grants and tokens (oidc-adapter.repository.ts). */
  adapter: NonNullable<Configuration['adapter']>
  keys: IdentityKeys
  accounts: AccountsService
}): Promise<Provider> {
  const { OidcProvider, oidcErrors } = await import('./oidc-provider-module.js')
  const { config, adapter, keys, accounts } = deps
  const { identity } = config
  const home = `${new URL(config.publicUrl).origin}/`
  const rolesClaim = identity.rolesClaim
  const csp = pageCsp(identity.webOrigins)

  const configuration: Configuration = {
    adapter,
    clients: [
      {
        client_id: identity.clientId,
        client_name: config.shopName,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: identity.webOrigins.map((origin) => `${origin}/`),
        post_logout_redirect_uris: identity.webOrigins.map((origin) => `${origin}/`),
      },
    ],
    jwks: { keys: keys.signingKeys as NonNullable<Configuration['jwks']>['keys'] },
    cookies: { keys: keys.cookieKeys, long: cookieOptions(config), short: cookieOptions(config) },
    scopes: SCOPES,
    claims: {
      openid: ['sub'],
      roles: [rolesClaim],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    // The web app says where the person is going: `ui_area=admin` for the admin area, which
    // changes the sign-in page's title and hides sign-up (decision 231).
    extraParams: ['ui_area'],
    // The SPA reads e-mail and roles from the ID token, as it would from Auth0.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    pkce: { required: () => true },
    enabledJWA: {
      idTokenSigningAlgValues: ['RS256'],
      requestObjectSigningAlgValues: ['RS256'],
    },
    ttl: { ...TOKEN_TTL },
    // offline_access is otherwise dropped unless prompt=consent; the SPA is our own first-party client.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: () => true,
    features: providerFeatures(config, csp, home, oidcErrors),
    ...accountClaims(accounts, rolesClaim),
    loadExistingGrant: grantFor(identity.audience),
    // The token endpoint is called by the SPA's JavaScript, from the web origins only.
    clientBasedCORS: (_ctx, origin) => identity.webOrigins.includes(origin),
    interactions: {
      url: (_ctx, interaction) => `${MOUNT_PATH}/interaction/${interaction.uid}`,
    },
    renderError: async (ctx: KoaContextWithOIDC) => {
      ctx.set('content-security-policy', csp)
      ctx.type = 'html'

      ctx.body = errorPage(config.shopName, home)
    },
  }

  const provider = new OidcProvider(identity.issuer, configuration)
  // The X-Forwarded-* headers it reads are rewritten by index.ts from what Fastify
  // decided under TRUST_PROXY, so believing them here believes only Fastify.
  provider.proxy = true
  return provider
}

function cookieOptions(config: AppConfig) {
  return {
    signed: true,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.publicUrl.startsWith('https://'),
  }
}

function providerFeatures(
  config: AppConfig,
  csp: string,
  home: string,
  oidcErrors: OidcErrors,
): NonNullable<Configuration['features']> {
  const { identity } = config
  return {
    devInteractions: { enabled: false },
    revocation: { enabled: true },
    rpInitiatedLogout: {
      enabled: true,
      logoutSource: async (ctx, form) => {
        ctx.set('content-security-policy', csp)
        ctx.type = 'html'
        ctx.body = logoutPage(config.shopName, form)
      },
      postLogoutSuccessSource: async (ctx) => {
        ctx.set('content-security-policy', csp)
        ctx.type = 'html'
        ctx.body = loggedOutPage(config.shopName, home)
      },
    },
    resourceIndicators: {
      enabled: true,
      defaultResource: () => identity.audience,
      useGrantedResource: () => true,
      getResourceServerInfo: (_ctx, resourceIndicator) => {
        if (resourceIndicator !== identity.audience) throw new oidcErrors.InvalidTarget()
        return {
          scope: API_SCOPE,
          audience: identity.audience,
          accessTokenTTL: TOKEN_TTL.AccessToken,
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'RS256' } },
        }
      },
    },
  }
}

/** The names and address a token tells about its account (empty names are left out). */
function profileClaims(account: Account) {
  const name = `${account.firstName} ${account.lastName}`.trim()
  return {
    email: account.email,
    // Only confirmed addresses can sign in (decision 231), so this is always true in practice.
    email_verified: account.isEmailVerified,
    ...(account.firstName ? { given_name: account.firstName } : {}),
    ...(account.lastName ? { family_name: account.lastName } : {}),
    name: name || account.email,
  }
}

/** The claims of the shop's tokens, read from the account on every issue. */
function accountClaims(
  accounts: AccountsService,
  rolesClaim: string,
): Pick<Configuration, 'extraTokenClaims' | 'findAccount'> {
  return {
    extraTokenClaims: async (_ctx, token) => {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined
      const account = await accounts.findById(token.accountId)
      if (!account) return undefined
      // A token asked for without the roles scope carries no roles: it opens no admin route.
      const hasRolesScope = (token.scope ?? '').split(' ').includes('roles')
      const { name: _name, ...claims } = profileClaims(account)
      return { ...claims, ...(hasRolesScope ? { [rolesClaim]: account.roles } : {}) }
    },
    findAccount: async (_ctx, id) => {
      const account = await accounts.findById(id)
      if (!account) return undefined
      return {
        accountId: account.id,
        claims: () => ({ sub: account.id, ...profileClaims(account), [rolesClaim]: account.roles }),
      }
    },
  }
}

// The shop's SPA is a first-party client: consent is implied, so the grant
// is created here instead of asking the person.
function grantFor(audience: string): NonNullable<Configuration['loadExistingGrant']> {
  return async (ctx) => {
    const { oidc } = ctx
    if (!oidc.client || !oidc.session?.accountId) return undefined
    const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId)
    const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined
    const grant =
      existing ??
      new oidc.provider.Grant({ clientId: oidc.client.clientId, accountId: oidc.session.accountId })
    grant.addOIDCScope(SCOPES.join(' '))
    grant.addResourceScope(audience, API_SCOPE)
    await grant.save()
    return grant
  }
}

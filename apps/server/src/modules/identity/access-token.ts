import type { FastifyRequest } from 'fastify'
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JWK,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose'
import type { IdentityConfig } from '../../config/env.js'
import { AppError } from '../../lib/errors.js'
import type { AdminGuard } from '../../plugins/admin-guard.js'
import { ADMIN_ROLE } from './accounts.service.js'

export type Identity = { subject: string; email: string | undefined; roles: string[] }

/** Tokens from another issuer's clock may be a little ahead or behind (DESIGN §6). */
export const CLOCK_TOLERANCE_SECONDS = 60

export type AccessTokenVerifier = (token: string) => Promise<Identity>

type KeySource = { issuer: string; keys: JWTVerifyGetKey }

/**
 * Verifies the API's bearer tokens: RS256 only, issuer, audience, expiry and
 * not-before with 60 s leeway. The built-in provider's public keys are read
 * directly (no HTTP to ourselves); an external issuer is found through its
 * discovery document, once, and its JWKS is cached and re-fetched on an unknown kid.
 */
export function createAccessTokenVerifier(
  identity: Pick<IdentityConfig, 'issuer' | 'audience' | 'rolesClaim'> & {
    organization?: string | undefined
  },
  source: { publicKeys: JWK[] } | { discover: true },
): AccessTokenVerifier {
  let keySource: Promise<KeySource> | undefined =
    'publicKeys' in source
      ? Promise.resolve({ issuer: identity.issuer, keys: createLocalJWKSet({ keys: source.publicKeys }) })
      : undefined

  const getKeySource = (): Promise<KeySource> => {
    keySource ??= discover(identity.issuer).catch((error: unknown) => {
      // Try again on the next request rather than failing for ever.
      keySource = undefined
      throw error
    })
    return keySource
  }

  return async (token) => {
    if (!/^[\w-]+\.[\w-]+\.[\w-]+$/.test(token)) throw invalidToken()
    let source: KeySource
    try {
      source = await getKeySource()
    } catch {
      throw new AppError('SERVICE_UNAVAILABLE', 'The identity provider cannot be reached')
    }
    let payload: JWTPayload
    try {
      ;({ payload } = await jwtVerify(token, source.keys, {
        algorithms: ['RS256'],
        issuer: source.issuer,
        audience: identity.audience,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['sub', 'exp'],
      }))
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) throw invalidToken()
      throw error
    }
    if (identity.organization && !belongsTo(payload, identity.organization)) throw invalidToken()
    const roles = payload[identity.rolesClaim]
    return {
      subject: String(payload.sub),
      email: typeof payload.email === 'string' ? payload.email : undefined,
      roles: Array.isArray(roles) ? roles.filter((r): r is string => typeof r === 'string') : [],
    }
  }
}

/** As Auth0's SDKs do: an `org_` value is an id compared exactly, anything else a name compared lower-case. */
function belongsTo(payload: JWTPayload, organization: string): boolean {
  return organization.startsWith('org_')
    ? payload.org_id === organization
    : typeof payload.org_name === 'string' && payload.org_name === organization.toLowerCase()
}

async function discover(issuer: string): Promise<KeySource> {
  const url = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) })
  if (!response.ok) throw new Error(`discovery at ${url} answered ${response.status}`)
  const document = (await response.json()) as { issuer?: unknown; jwks_uri?: unknown }
  if (typeof document.issuer !== 'string' || typeof document.jwks_uri !== 'string') {
    throw new Error(`discovery at ${url} has no issuer or jwks_uri`)
  }
  // Auth0's issuer ends with a slash and tokens carry it exactly; trust the
  // document as long as it names the issuer we were configured with.
  if (document.issuer.replace(/\/+$/, '') !== issuer.replace(/\/+$/, '')) {
    throw new Error(`discovery at ${url} names another issuer: ${document.issuer}`)
  }
  return { issuer: document.issuer, keys: createRemoteJWKSet(new URL(document.jwks_uri)) }
}

function invalidToken(): AppError {
  return new AppError('UNAUTHORIZED', 'Invalid or expired access token', undefined, {
    'www-authenticate': 'Bearer error="invalid_token"',
  })
}

const identities = new WeakMap<FastifyRequest, Identity>()

/** Who made this request; set by the admin guard once it has verified the token. */
export function identityOf(request: FastifyRequest): Identity | undefined {
  return identities.get(request)
}

/** 401 without a valid bearer token, 403 when the token's roles lack Admin. */
export function createAdminGuard(verify: AccessTokenVerifier): AdminGuard {
  return async (request) => {
    const header = request.headers.authorization
    const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null
    if (!match?.[1]) {
      throw new AppError('UNAUTHORIZED', 'Sign-in required', undefined, { 'www-authenticate': 'Bearer' })
    }
    const identity = await verify(match[1])
    identities.set(request, identity)
    if (!identity.roles.includes(ADMIN_ROLE)) throw new AppError('FORBIDDEN', 'Administrator role required')
  }
}

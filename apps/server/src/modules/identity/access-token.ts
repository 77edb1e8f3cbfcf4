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
import type { AdminGuard, OptionalShopper, ShopperGuard } from '../../plugins/admin-guard.js'
import { ADMIN_ROLE } from './accounts.service.js'
import type { KeyRing } from './key-ring.service.js'

export type Identity = {
  subject: string
  email: string | undefined
  /** The provider's `email_verified`; false when the token does not say (decision 230). */
  emailVerified: boolean
  givenName: string | undefined
  familyName: string | undefined
  roles: string[]
}

/** Tokens from another issuer's clock may be a little ahead or behind (DESIGN §6). */
export const CLOCK_TOLERANCE_SECONDS = 60

export type AccessTokenVerifier = (token: string) => Promise<Identity>

type KeySource = { issuer: string; keys: JWTVerifyGetKey }

/**
 * What is asked of the database about a token whose signature holds (decision 234): whether
 * its account was deleted since it was issued, and whether its key was retired by a rotation.
 */
export type TokenStandingCheck = (token: {
  subject: string
  issuedAt: number | undefined
  keyId: string | undefined
  leewaySeconds: number
}) => Promise<{ isRevoked: boolean; isKeyRetired: boolean }>

/**
 * Verifies the API's bearer tokens: RS256 only, issuer, audience, expiry and
 * not-before with 60 s leeway. The built-in provider's public keys are read
 * directly (no HTTP to ourselves; `keyRing` follows a rotation); an external issuer is
 * found through its discovery document, once, and its JWKS is cached and re-fetched on an
 * unknown kid. With `standing`, a token of a deleted account or of a retired key is refused
 * at once, not when it runs out.
 */
export function createAccessTokenVerifier(
  identity: Pick<IdentityConfig, 'issuer' | 'audience' | 'rolesClaim'> & {
    organization?: string | undefined
  },
  source: { publicKeys: JWK[] } | { keyRing: KeyRing } | { discover: true },
  standing?: TokenStandingCheck,
): AccessTokenVerifier {
  let keySource: Promise<KeySource> | undefined =
    'publicKeys' in source
      ? Promise.resolve({ issuer: identity.issuer, keys: createLocalJWKSet({ keys: source.publicKeys }) })
      : 'keyRing' in source
        ? Promise.resolve({ issuer: identity.issuer, keys: ringKeys(source.keyRing) })
        : undefined
  const isBuiltIn = !('discover' in source)
  const keyRing = 'keyRing' in source ? source.keyRing : undefined

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
    let keyId: string | undefined
    try {
      ;({
        payload,
        protectedHeader: { kid: keyId },
      } = await jwtVerify(token, source.keys, {
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
    if (standing) {
      const found = await standing({
        subject: String(payload.sub),
        issuedAt: typeof payload.iat === 'number' ? payload.iat : undefined,
        keyId: isBuiltIn ? (keyId ?? '') : undefined,
        leewaySeconds: CLOCK_TOLERANCE_SECONDS,
      })
      if (found.isKeyRetired) await keyRing?.refresh()
      if (found.isRevoked || found.isKeyRetired) throw invalidToken()
    }
    const roles = payload[identity.rolesClaim]
    return {
      subject: String(payload.sub),
      email: stringClaim(payload.email),
      emailVerified: payload.email_verified === true,
      givenName: stringClaim(payload.given_name),
      familyName: stringClaim(payload.family_name),
      roles: Array.isArray(roles) ? roles.filter((r): r is string => typeof r === 'string') : [],
    }
  }
}

/**
 * The key ring's public keys as a JWKS: a kid this process does not know (a rotation in
 * another process) makes it read the ring again once before the token is refused.
 */
function ringKeys(ring: KeyRing): JWTVerifyGetKey {
  let generation = ring.cached().generation
  let jwks = createLocalJWKSet({ keys: ring.cached().publicKeys })
  const current = () => {
    const keys = ring.cached()
    if (keys.generation !== generation) {
      generation = keys.generation
      jwks = createLocalJWKSet({ keys: keys.publicKeys })
    }
    return jwks
  }
  return async (header, token) => {
    try {
      return await current()(header, token)
    } catch (error) {
      if (!(error instanceof joseErrors.JWKSNoMatchingKey)) throw error
      await ring.refresh()
      return current()(header, token)
    }
  }
}

const stringClaim = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined

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

/** Who made this request; set by the admin and shopper guards once they have verified the token. */
export function identityOf(request: FastifyRequest): Identity | undefined {
  return identities.get(request)
}

function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  return (header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null)?.[1]
}

function signInRequired(): AppError {
  return new AppError('UNAUTHORIZED', 'Sign-in required', undefined, { 'www-authenticate': 'Bearer' })
}

/** 401 without a valid bearer token, 403 when the token's roles lack Admin. */
export function createAdminGuard(verify: AccessTokenVerifier): AdminGuard {
  return async (request) => {
    const token = bearerOf(request)
    if (!token) throw signInRequired()
    const identity = await verify(token)
    identities.set(request, identity)
    if (!identity.roles.includes(ADMIN_ROLE)) throw new AppError('FORBIDDEN', 'Administrator role required')
  }
}

/**
 * Shopper accounts (decision 230): any valid access token of the shop's identity provider,
 * whatever its roles; 401 without one. `identityOf(request)` then names the shopper.
 */
export function createShopperGuard(verify: AccessTokenVerifier): ShopperGuard {
  return async (request) => {
    const token = bearerOf(request)
    if (!token) throw signInRequired()
    identities.set(request, await verify(token))
  }
}

/**
 * Who is signed in on a route guests use too (checkout): undefined without an
 * Authorization header; a header with an invalid or expired token is a 401, not a guest,
 * so a shopper whose session lapsed is told rather than silently losing the link.
 */
export function createOptionalShopper(verify: AccessTokenVerifier): OptionalShopper {
  return async (request) => {
    if (request.headers.authorization === undefined) return undefined
    const token = bearerOf(request)
    if (!token) throw signInRequired()
    const identity = await verify(token)
    identities.set(request, identity)
    return identity
  }
}

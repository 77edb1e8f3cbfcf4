import type { JWTPayload } from 'jose'

// The claim checks of spec §5 for an ID token whose signature id-token.ts has verified.
// The messages are the ones of the spec's identity errors, with what was expected and
// found, for the logs; a person sees "the sign-in failed" (or the organization notice) in
// Hebrew.

/** Which check refused the token. */
export type IdTokenCheck =
  | 'format'
  | 'alg'
  | 'signature'
  | 'iss'
  | 'sub'
  | 'aud'
  | 'azp'
  | 'nonce'
  | 'nonceReplayed'
  | 'exp'
  | 'iat'
  | 'nbf'
  | 'authTime'
  | 'organization'

export class IdTokenError extends Error {
  override readonly name = 'IdTokenError'
  /** The OAuth-style code every refusal carries, so callers need not know each check. */
  readonly error = 'invalid_id_token'

  constructor(
    readonly check: IdTokenCheck,
    message: string,
  ) {
    super(message)
  }
}

export type IdTokenExpectations = {
  issuer: string
  /** Our client id: the audience, and the authorised party when there are several audiences. */
  clientId: string
  /**
   * A sign-in: the nonce sent with its authorization request, which the token must carry.
   * A renewal (refresh token): the token it replaces, whose subject (and nonce, if the new
   * one has one) it must keep.
   */
  origin: { kind: 'signIn'; nonce: string } | { kind: 'renewal'; previous: JWTPayload }
  /** True for a nonce an earlier sign-in already used: a token carrying it is a replay. */
  isSpentNonce?: (nonce: string) => boolean
  /** The `max_age` the sign-in asked for, in seconds: `auth_time` must then be recent enough. */
  maxAge?: number | undefined
  /** An Auth0 organization the token must belong to: an `org_…` id, else a name. */
  organization?: string | undefined
  leewaySeconds: number
  /** Seconds since the epoch. */
  now: number
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value)
const isString = (value: unknown): value is string => typeof value === 'string'

/** Seconds since the epoch as an ISO date, as the messages show times. */
const at = (seconds: number) => new Date(seconds * 1000).toISOString()

export function checkClaims(claims: JWTPayload, expect: IdTokenExpectations): void {
  const { issuer, clientId, origin } = expect

  if (!isString(claims.iss)) {
    throw new IdTokenError('iss', 'Issuer (iss) claim must be a string present in the ID token')
  }
  if (claims.iss !== issuer) {
    throw new IdTokenError(
      'iss',
      `Issuer (iss) claim mismatch in the ID token; expected "${issuer}", found "${claims.iss}"`,
    )
  }

  if (!isString(claims.sub) || claims.sub === '') {
    throw new IdTokenError('sub', 'Subject (sub) claim must be a string present in the ID token')
  }
  if (origin.kind === 'renewal' && claims.sub !== origin.previous.sub) {
    throw new IdTokenError(
      'sub',
      `Subject (sub) claim mismatch in the renewed ID token; expected "${String(origin.previous.sub)}", found "${claims.sub}"`,
    )
  }

  checkAudience(claims, clientId)
  checkNonce(claims, expect)

  checkTimes(claims, expect)

  if (expect.organization) checkOrganization(claims, expect.organization)
}

function checkAudience(claims: JWTPayload, clientId: string): void {
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud]
  if (audiences.length === 0 || !audiences.every(isString)) {
    throw new IdTokenError(
      'aud',
      'Audience (aud) claim must be a string or array of strings present in the ID token',
    )
  }
  if (!audiences.includes(clientId)) {
    throw new IdTokenError(
      'aud',
      `Audience (aud) claim mismatch in the ID token; expected "${clientId}" but was not one of "${audiences.join(', ')}"`,
    )
  }
  if (audiences.length > 1 && !isString(claims.azp)) {
    throw new IdTokenError(
      'azp',
      'Authorized Party (azp) claim must be a string present in the ID token when Audience (aud) claim has multiple values',
    )
  }
  // OpenID Connect Core 3.1.3.7: an azp, when present, must be this client.
  if (claims.azp !== undefined && claims.azp !== clientId) {
    throw new IdTokenError(
      'azp',
      `Authorized Party (azp) claim mismatch in the ID token; expected "${clientId}", found "${String(claims.azp)}"`,
    )
  }
}

/** Spec §5: exp and iat as numbers, expiry and not-before with the leeway, auth_time within max_age. */
function checkTimes(claims: JWTPayload, expect: IdTokenExpectations): void {
  const { leewaySeconds: leeway, now } = expect
  if (expect.maxAge !== undefined && !isNumber(claims.auth_time)) {
    throw new IdTokenError(
      'authTime',
      'Authentication Time (auth_time) claim must be a number present in the ID token when Max Age (max_age) is specified',
    )
  }
  if (!isNumber(claims.exp)) {
    throw new IdTokenError('exp', 'Expiration Time (exp) claim must be a number present in the ID token')
  }
  if (!isNumber(claims.iat)) {
    throw new IdTokenError('iat', 'Issued At (iat) claim must be a number present in the ID token')
  }
  if (now > claims.exp + leeway) {
    throw new IdTokenError(
      'exp',
      `Expiration Time (exp) claim error in the ID token; current time (${at(now)}) is after expiration time (${at(claims.exp + leeway)})`,
    )
  }
  if (claims.nbf !== undefined) {
    if (!isNumber(claims.nbf)) {
      throw new IdTokenError(
        'nbf',
        'Not Before time (nbf) claim must be a number when present in the ID token',
      )
    }
    if (now + leeway < claims.nbf) {
      throw new IdTokenError(
        'nbf',
        `Not Before time (nbf) claim in the ID token indicates that this token can't be used just yet. Current time (${at(now)}) is before ${at(claims.nbf - leeway)}`,
      )
    }
  }
  if (expect.maxAge !== undefined && isNumber(claims.auth_time)) {
    const latest = claims.auth_time + expect.maxAge + leeway
    if (now > latest) {
      throw new IdTokenError(
        'authTime',
        `Authentication Time (auth_time) claim in the ID token indicates that too much time has passed since the last end-user authentication. Current time (${at(now)}) is after last auth at ${at(latest)}`,
      )
    }
  }
}

function checkNonce(claims: JWTPayload, { origin, isSpentNonce }: IdTokenExpectations): void {
  const { nonce } = claims
  if (origin.kind === 'renewal') {
    // A renewed token may repeat the sign-in's nonce (the built-in provider does); never another.
    const original = origin.previous.nonce
    if (nonce !== undefined && nonce !== original) {
      throw new IdTokenError(
        'nonce',
        `Nonce (nonce) claim mismatch in the renewed ID token; expected "${String(original)}", found "${String(nonce)}"`,
      )
    }
    return
  }
  if (!isString(nonce)) {
    throw new IdTokenError('nonce', 'Nonce (nonce) claim must be a string present in the ID token')
  }
  if (isSpentNonce?.(nonce)) {
    throw new IdTokenError(
      'nonceReplayed',
      `Nonce (nonce) claim in the ID token was already used by an earlier sign-in; the token is replayed`,
    )
  }
  if (nonce !== origin.nonce) {
    throw new IdTokenError(
      'nonce',
      `Nonce (nonce) claim mismatch in the ID token; expected "${origin.nonce}", found "${nonce}"`,
    )
  }
}

/**
 * Spec §5 and auth0.md: an `org_…` value is an organization id, compared exactly with
 * `org_id`; anything else is a name, compared lower-case with `org_name` (Auth0 lower-cases
 * names). The API checks access tokens by the same rule.
 */
function checkOrganization(claims: JWTPayload, organization: string): void {
  if (organization.startsWith('org_')) {
    if (!isString(claims.org_id)) {
      throw new IdTokenError(
        'organization',
        'Organization ID (org_id) claim must be a string present in the ID token',
      )
    }
    if (claims.org_id !== organization) {
      throw new IdTokenError(
        'organization',
        `Organization ID (org_id) claim mismatch in the ID token; expected "${organization}", found "${claims.org_id}"`,
      )
    }
    return
  }
  const expected = organization.toLowerCase()
  if (!isString(claims.org_name)) {
    throw new IdTokenError(
      'organization',
      'Organization Name (org_name) claim must be a string present in the ID token',
    )
  }
  if (claims.org_name !== expected) {
    throw new IdTokenError(
      'organization',
      `Organization Name (org_name) claim mismatch in the ID token; expected "${expected}", found "${claims.org_name}"`,
    )
  }
}

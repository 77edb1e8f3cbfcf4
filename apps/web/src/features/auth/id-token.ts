import {
  compactVerify,
  createLocalJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  errors,
  type CompactJWSHeaderParameters,
  type FlattenedJWSInput,
  type JSONWebKeySet,
  type JWTPayload,
  type ProtectedHeaderParameters,
} from 'jose'
import { IdTokenError, checkClaims, type IdTokenExpectations } from './id-token-claims'

export { IdTokenError, type IdTokenCheck, type IdTokenExpectations } from './id-token-claims'

// Spec §5's identity token checks, done in the browser on every ID token the issuer hands
// over (sign-in and renewal), before the user is stored. oidc-client-ts itself only checks
// that `sub` is there (and the nonce, when one was sent): the signature and every claim
// are checked here: the algorithm and signature against the issuer's published keys in this
// file, then each claim (id-token-claims.ts).

/** The only algorithm accepted (spec §5; auth0.md: keep RS256, refuse HS256 and `none`). */
export const ID_TOKEN_ALGORITHM = 'RS256'

/** Resolves the key for a token's header, as jose's key sets do. */
export type KeyResolver = (header: CompactJWSHeaderParameters, token: FlattenedJWSInput) => Promise<CryptoKey>

/**
 * The issuer's keys, loaded once and loaded again once when a token names a key the set does
 * not hold (the issuer rotated its keys: auth0.md, "re-fetch once on an unknown kid").
 */
export function issuerKeys(load: () => Promise<JSONWebKeySet>): KeyResolver {
  let keySet: Promise<ReturnType<typeof createLocalJWKSet>> | undefined
  const reload = () => {
    const loading = load().then((jwks) => createLocalJWKSet(jwks))
    // A failed load is tried again by the next token, not remembered.
    loading.catch(() => {
      if (keySet === loading) keySet = undefined
    })
    keySet = loading
    return loading
  }
  return async (header, token) => {
    const known = keySet ?? reload()
    try {
      return await (
        await known
      )(header, token)
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey) || known !== keySet) throw error
      return await (
        await reload()
      )(header, token)
    }
  }
}

/**
 * Verifies an ID token and returns its claims; throws an IdTokenError naming the first
 * check that failed. The signature is checked before any claim is believed.
 */
export async function verifyIdToken(
  token: string,
  keys: KeyResolver,
  expect: IdTokenExpectations,
): Promise<JWTPayload> {
  let header: ProtectedHeaderParameters
  try {
    header = decodeProtectedHeader(token)
    decodeJwt(token)
  } catch {
    throw new IdTokenError('format', 'ID token could not be decoded')
  }
  if (header.alg !== ID_TOKEN_ALGORITHM) {
    throw new IdTokenError(
      'alg',
      `Signature algorithm of "${String(header.alg)}" is not supported. Expected the ID token to be signed with "${ID_TOKEN_ALGORITHM}".`,
    )
  }

  let claims: JWTPayload
  try {
    const { payload } = await compactVerify(token, keys, { algorithms: [ID_TOKEN_ALGORITHM] })
    claims = JSON.parse(new TextDecoder().decode(payload)) as JWTPayload
  } catch (error) {
    const reason =
      error instanceof errors.JWKSNoMatchingKey
        ? `no key of the issuer matches the token's key id "${String(header.kid)}"`
        : error instanceof errors.JWSSignatureVerificationFailed
          ? 'the signature does not match the issuer key'
          : error instanceof Error
            ? error.message
            : String(error)
    throw new IdTokenError('signature', `ID token signature could not be verified: ${reason}`)
  }
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) {
    throw new IdTokenError('format', 'ID token could not be decoded')
  }

  checkClaims(claims, expect)
  return claims
}

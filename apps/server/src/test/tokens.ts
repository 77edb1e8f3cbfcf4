import { exportSPKI, generateKeyPair, importJWK, SignJWT, type JWTPayload } from 'jose'
import type { AppConfig } from '../config/env.js'
import type { Database } from '../db/client.js'
import { loadOrCreateIdentityKeys } from '../modules/identity/key-store.repository.js'

export type TokenFactory = {
  /** A valid access token of the built-in provider for the API audience. */
  sign(
    claims?: JWTPayload,
    options?: { expiresInSeconds?: number; notBeforeSeconds?: number },
  ): Promise<string>
  admin(): Promise<string>
  customer(): Promise<string>
  /** The provider's public key as PEM, for the "HS256 signed with the public key" attack. */
  publicKeyPem(): Promise<string>
}

/**
 * Access tokens signed with the built-in provider's real key, as the provider
 * would issue them, without going through the sign-in form in every test.
 */
export async function tokenFactory(config: AppConfig, db: Database): Promise<TokenFactory> {
  const keys = await loadOrCreateIdentityKeys(db)
  const jwk = keys.signingKeys[0]
  if (!jwk) throw new Error('no signing key')
  const privateKey = await importJWK(jwk, 'RS256')
  const { identity } = config

  const sign: TokenFactory['sign'] = async (claims = {}, options = {}) => {
    const now = Math.floor(Date.now() / 1000)
    return new SignJWT({ [identity.rolesClaim]: [], ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'at+jwt' })
      .setIssuer(typeof claims.iss === 'string' ? claims.iss : identity.issuer)
      .setAudience(claims.aud ?? identity.audience)
      .setSubject(typeof claims.sub === 'string' ? claims.sub : '00000000-0000-4000-8000-000000000001')
      .setIssuedAt(now)
      .setNotBefore(now + (options.notBeforeSeconds ?? 0))
      .setExpirationTime(now + (options.expiresInSeconds ?? 600))
      .sign(privateKey)
  }

  return {
    sign,
    // As the built-in provider issues it: administrators' addresses count as confirmed (decision 231).
    admin: () => sign({ email: 'admin@tavlin.test', email_verified: true, [identity.rolesClaim]: ['Admin'] }),
    customer: () => sign({ email: 'cook@tavlin.test', [identity.rolesClaim]: [] }),
    publicKeyPem: async () => {
      const key = await importJWK(keys.publicKeys[0]!, 'RS256')
      return exportSPKI(key as Parameters<typeof exportSPKI>[0])
    },
  }
}

/** A key pair nobody trusts, for "valid signature by another key". */
export async function strangerKey() {
  return generateKeyPair('RS256', { extractable: true })
}

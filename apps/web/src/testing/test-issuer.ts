import { SignJWT, UnsecuredJWT, exportJWK, generateKeyPair, type JSONWebKeySet, type JWTPayload } from 'jose'

/**
 * An OpenID Connect issuer's signing side, for tests of the browser's ID-token checks:
 * real RS256 keys, real signed tokens, and its published key set. Not a fake of our code:
 * it plays the identity provider, at the edge of the system.
 */
export type TestIssuer = {
  issuer: string
  clientId: string
  jwks: JSONWebKeySet
  /** A token signed with the issuer's key, carrying good claims overridden by `claims` (undefined drops one). */
  sign(claims?: Record<string, unknown>, header?: { kid?: string; alg?: string }): Promise<string>
  /** The same claims, signed with a key the issuer never published (under the issuer's key id). */
  signWithOtherKey(claims?: Record<string, unknown>): Promise<string>
  /** `alg: none`: no signature at all. */
  unsigned(claims?: Record<string, unknown>): string
  /** HS256 with a shared secret: never acceptable for a public client's ID token. */
  signHs256(claims?: Record<string, unknown>): Promise<string>
  /** Rotates to a new key (published beside the old one, as a provider does during rotation). */
  rotate(): Promise<void>
  /** The good claims for `now` (seconds). */
  claims(now: number): JWTPayload
}

export const TEST_NOW = 1_800_000_000

async function newKey(
  kid: string,
): Promise<{ kid: string; privateKey: CryptoKey; jwk: JSONWebKeySet['keys'][number] }> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true })
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } }
}

export async function createTestIssuer({
  issuer = 'https://issuer.test/',
  clientId = 'tavlin-web',
  now = () => TEST_NOW,
  nonce = 'the-nonce',
}: { issuer?: string; clientId?: string; now?: () => number; nonce?: string } = {}): Promise<TestIssuer> {
  let current = await newKey('key-1')
  const other = await newKey('key-1')
  const published = [current.jwk]
  const jwks: JSONWebKeySet = { keys: published }

  const goodClaims = (at: number): JWTPayload => ({
    iss: issuer,
    sub: 'user-1',
    aud: clientId,
    iat: at,
    exp: at + 3600,
    nonce,
    email: 'cook@example.com',
  })
  const payload = (claims: Record<string, unknown> = {}): JWTPayload => {
    const merged: Record<string, unknown> = { ...goodClaims(now()), ...claims }
    for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key]
    return merged as JWTPayload
  }
  const signWith = (key: CryptoKey, kid: string, claims?: Record<string, unknown>, alg = 'RS256') =>
    new SignJWT(payload(claims)).setProtectedHeader({ alg, kid, typ: 'JWT' }).sign(key)

  return {
    issuer,
    clientId,
    jwks,
    claims: goodClaims,
    sign: (claims, header = {}) =>
      signWith(current.privateKey, header.kid ?? current.kid, claims, header.alg),
    signWithOtherKey: (claims) => signWith(other.privateKey, current.kid, claims),
    unsigned: (claims) => new UnsecuredJWT(payload(claims)).encode(),
    async signHs256(claims) {
      // A CryptoKey rather than bytes: jsdom's Uint8Array is not the one jose checks for.
      const secret = await crypto.subtle.importKey(
        'raw',
        new TextEncoder().encode('a shared secret of thirty-two bytes!'),
        { name: 'HMAC', hash: 'SHA-256' },
        false,
        ['sign'],
      )
      return new SignJWT(payload(claims)).setProtectedHeader({ alg: 'HS256', kid: current.kid }).sign(secret)
    },
    async rotate() {
      current = await newKey(`key-${published.length + 1}`)
      published.push(current.jwk)
    },
  }
}

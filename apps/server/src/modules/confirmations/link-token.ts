import crypto from 'node:crypto'

/**
 * The token of an e-mailed link (decision 237): `<id>.<secret>.<mac>`. `id` names the stored
 * confirmation, `secret` is 16 random bytes of which only the SHA-256 is stored, and `mac`
 * is HMAC-SHA256 over both with the server's link key. A token the key did not sign is
 * refused before the database is asked; a database read (a backup) without the mails gives
 * no usable link, since the secrets are not in it.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const PART = /^[A-Za-z0-9_-]{16,64}$/

export type LinkToken = { id: string; secret: string }

function macOf(key: string, id: string, secret: string): Buffer {
  return crypto.createHmac('sha256', key).update(`confirm-link.v1.${id}.${secret}`).digest()
}

export function newLinkSecret(): string {
  return crypto.randomBytes(16).toString('base64url')
}

export function hashLinkSecret(secret: string): string {
  return crypto.createHash('sha256').update(secret).digest('base64url')
}

export function signLinkToken(key: string, { id, secret }: LinkToken): string {
  return `${id}.${secret}.${macOf(key, id, secret).toString('base64url')}`
}

/** The id and secret of a token this key signed; null for anything else. */
export function verifyLinkToken(key: string, token: string): LinkToken | null {
  const [id, secret, mac, ...rest] = token.split('.')
  if (rest.length > 0 || !id || !secret || !mac || !UUID.test(id) || !PART.test(secret) || !PART.test(mac))
    return null
  const expected = macOf(key, id, secret)
  const given = Buffer.from(mac, 'base64url')
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null
  return { id, secret }
}

/** Whether `secret` is the one whose hash was stored, compared in constant time. */
export function isStoredSecret(secret: string, storedHash: string): boolean {
  const given = Buffer.from(hashLinkSecret(secret))
  const stored = Buffer.from(storedHash)
  return given.length === stored.length && crypto.timingSafeEqual(given, stored)
}

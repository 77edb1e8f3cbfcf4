import crypto from 'node:crypto'
import { promisify } from 'node:util'

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>

// OWASP's minimum for scrypt is N=2^17 with r=8; 2^15 keeps a sign-in under
// ~100 ms on our two shared cores. The parameters travel with each hash, so
// raising them later only needs a rehash on the next successful sign-in.
const PARAMS = { N: 2 ** 15, r: 8, p: 1 }
const KEY_LENGTH = 64

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16)
  const hash = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, {
    ...PARAMS,
    maxmem: 128 * PARAMS.N * PARAMS.r * 2,
  })
  return [
    'scrypt',
    PARAMS.N,
    PARAMS.r,
    PARAMS.p,
    salt.toString('base64url'),
    hash.toString('base64url'),
  ].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  const params = { N: Number(n), r: Number(r), p: Number(p) }
  const actual = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64url'), expected.length, {
    ...params,
    maxmem: 128 * params.N * params.r * 2,
  })
  return crypto.timingSafeEqual(actual, expected)
}

/** A password a person can copy from a console: 20 characters, about 119 bits. */
export function generatePassword(): string {
  return crypto.randomBytes(15).toString('base64url')
}

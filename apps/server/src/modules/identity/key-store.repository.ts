import crypto from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import { exportJWK, generateKeyPair, type JWK } from 'jose'
import type { Database } from '../../db/client.js'
import { identitySecrets } from '../../db/schema/index.js'

export type IdentityKeys = {
  /** Private RS256 JWKs, newest first: the provider signs with the first. */
  signingKeys: JWK[]
  /** Public halves of the same keys, for verifying access tokens without HTTP. */
  publicKeys: JWK[]
  /** Secrets oidc-provider signs its cookies with, newest first. */
  cookieKeys: string[]
}

/**
 * Loads the provider's keys, creating them on the very first start. Several
 * processes may start at once on an empty database: each inserts under a
 * fixed id with ON CONFLICT DO NOTHING and then all read back the same rows.
 */
export async function loadOrCreateIdentityKeys(db: Database): Promise<IdentityKeys> {
  await ensureSecret(db, 'signing-key:1', 'signing-key', createSigningKey)
  await ensureSecret(db, 'cookie-key:1', 'cookie-key', async () => ({
    secret: crypto.randomBytes(32).toString('base64url'),
  }))
  const rows = await db.select().from(identitySecrets).orderBy(asc(identitySecrets.createdAt))
  const newestFirst = rows.reverse()
  const signingKeys = newestFirst.filter((r) => r.kind === 'signing-key').map((r) => r.value as JWK)
  const cookieKeys = newestFirst.filter((r) => r.kind === 'cookie-key').map((r) => String(r.value.secret))
  return {
    signingKeys,
    publicKeys: signingKeys.map(toPublicJwk),
    cookieKeys,
  }
}

async function ensureSecret(
  db: Database,
  id: string,
  kind: 'signing-key' | 'cookie-key',
  create: () => Promise<Record<string, unknown>>,
): Promise<void> {
  const existing = await db
    .select({ id: identitySecrets.id })
    .from(identitySecrets)
    .where(eq(identitySecrets.id, id))
  if (existing.length > 0) return
  await db
    .insert(identitySecrets)
    .values({ id, kind, value: await create() })
    .onConflictDoNothing()
}

async function createSigningKey(): Promise<Record<string, unknown>> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true })
  const jwk = await exportJWK(privateKey)
  return { ...jwk, alg: 'RS256', use: 'sig', kid: crypto.randomBytes(12).toString('base64url') }
}

function toPublicJwk(jwk: JWK): JWK {
  const { kty, n, e, kid, alg, use } = jwk
  return { kty, n, e, kid, alg, use }
}

import crypto from 'node:crypto'
import { asc, sql } from 'drizzle-orm'
import { exportJWK, generateKeyPair, type JWK } from 'jose'
import type { Database } from '../../db/client.js'
import { identitySecrets, oidcPayloads } from '../../db/schema/index.js'

export type IdentityKeys = {
  /** Private RS256 JWKs, newest first: the provider signs with the first. */
  signingKeys: JWK[]
  /** Public halves of the same keys, for verifying access tokens without HTTP. */
  publicKeys: JWK[]
  /** Secrets oidc-provider signs its cookies with, newest first. */
  cookieKeys: string[]
  /** Which rows these are (their ids, oldest first): changes when the keys are rotated. */
  generation: string
}

type SecretKind = 'signing-key' | 'cookie-key'

/**
 * Loads the provider's keys, creating them when there are none: on the very first start,
 * and after a restore (backups leave the keys out, decision 233). Several processes may
 * start at once on an empty database: each inserts under a fixed id with ON CONFLICT DO
 * NOTHING and then all read back the same rows.
 */
export async function loadOrCreateIdentityKeys(db: Database): Promise<IdentityKeys> {
  await ensureSecret(db, 'signing-key:1', 'signing-key', createSigningKey)
  await ensureSecret(db, 'cookie-key:1', 'cookie-key', createCookieKey)
  return readIdentityKeys(db)
}

export async function readIdentityKeys(db: Database): Promise<IdentityKeys> {
  const rows = await db
    .select()
    .from(identitySecrets)
    .orderBy(asc(identitySecrets.createdAt), asc(identitySecrets.id))
  const newestFirst = [...rows].reverse()
  const signingKeys = newestFirst.filter((r) => r.kind === 'signing-key').map((r) => r.value as JWK)
  const cookieKeys = newestFirst.filter((r) => r.kind === 'cookie-key').map((r) => String(r.value.secret))
  return {
    signingKeys,
    publicKeys: signingKeys.map(toPublicJwk),
    cookieKeys,
    generation: rows.map((row) => row.id).join(','),
  }
}

/** The ids of the keys in force, oldest first: one small read a process compares with what it holds. */
export async function currentKeyGeneration(db: Database): Promise<string> {
  const rows = await db
    .select({ id: identitySecrets.id })
    .from(identitySecrets)
    .orderBy(asc(identitySecrets.createdAt), asc(identitySecrets.id))
  return rows.map((row) => row.id).join(',')
}

/**
 * After a leak (`npm run admin -- rotate-keys`, decision 233): the signing and cookie keys
 * replaced, none of the old kept, and every session, grant and refresh token ended, in one
 * transaction. A token signed with an old key names a key no process accepts any more.
 */
export async function rotateIdentityKeys(db: Database): Promise<{ kid: string; sessionsEnded: number }> {
  const signingKey = await createSigningKey()
  const stamp = `${Date.now()}-${crypto.randomBytes(4).toString('hex')}`
  return db.transaction(async (tx) => {
    await tx.delete(identitySecrets)
    await tx.insert(identitySecrets).values([
      { id: `signing-key:${stamp}`, kind: 'signing-key', value: signingKey },
      { id: `cookie-key:${stamp}`, kind: 'cookie-key', value: await createCookieKey() },
    ])
    const ended = await tx.delete(oidcPayloads).returning({ id: oidcPayloads.id })
    return { kid: String(signingKey.kid), sessionsEnded: ended.length }
  })
}

/** Inserts the first key of a kind, unless one of that kind is there (the first start, or a rotation's). */
async function ensureSecret(
  db: Database,
  id: string,
  kind: SecretKind,
  create: () => Promise<Record<string, unknown>>,
): Promise<void> {
  const [existing] = await db
    .select({ id: identitySecrets.id })
    .from(identitySecrets)
    .where(sql`${identitySecrets.kind} = ${kind}`)
    .limit(1)
  if (existing) return
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

async function createCookieKey(): Promise<Record<string, unknown>> {
  return { secret: crypto.randomBytes(32).toString('base64url') }
}

function toPublicJwk(jwk: JWK): JWK {
  const { kty, n, e, kid, alg, use } = jwk
  return { kty, n, e, kid, alg, use }
}

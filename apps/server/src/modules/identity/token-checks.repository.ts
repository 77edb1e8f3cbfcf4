import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import type { Executor } from '../../db/unit-of-work.js'
import { revokedSubjects } from '../../db/schema/index.js'

/** What a verified access token is checked against in the database, on every request (decision 234). */
export type TokenFacts = {
  subject: string
  /** `iat`, seconds since the epoch; a token without one counts as issued before any deletion. */
  issuedAt: number | undefined
  /** The `kid` of a token of the built-in provider; undefined for an external issuer's. */
  keyId: string | undefined
  /** How far the issuer's clock may run ahead of ours. */
  leewaySeconds: number
}

export type TokenStanding = { isRevoked: boolean; isKeyRetired: boolean }

/** Ends every access token a subject holds (its account was deleted); `executor` puts it in the caller's transaction. */
export async function revokeSubject(executor: Executor, subject: string): Promise<void> {
  await executor
    .insert(revokedSubjects)
    .values({ subject })
    .onConflictDoUpdate({ target: revokedSubjects.subject, set: { revokedAt: sql`now()` } })
}

export function tokenChecksRepository(db: Database) {
  return {
    /**
     * One read: whether the subject's account was deleted after the token was issued (a
     * token issued up to the clock tolerance later counts too: the issuer's clock may run
     * ahead of ours), and whether the key that signed it is still in force.
     */
    async standing(token: TokenFacts): Promise<TokenStanding> {
      const result = await db.execute(sql`
        select
          exists(
            select 1 from revoked_subjects
            where subject = ${token.subject}
              and (${token.issuedAt ?? null}::float8 is null
                   or revoked_at > to_timestamp(${token.issuedAt ?? null}::float8)
                                   - make_interval(secs => ${token.leewaySeconds}::float8))
          ) as revoked,
          (${token.keyId ?? null}::text is not null and not exists(
            select 1 from identity_secrets
            where kind = 'signing-key' and value->>'kid' = ${token.keyId ?? null}::text
          )) as retired`)
      const [row] = (result as unknown as { rows: { revoked: boolean; retired: boolean }[] }).rows
      return { isRevoked: row?.revoked === true, isKeyRetired: row?.retired === true }
    },
  }
}
export type TokenChecksRepository = ReturnType<typeof tokenChecksRepository>

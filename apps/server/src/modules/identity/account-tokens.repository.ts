import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { accountTokens } from '../../db/schema/index.js'

export type TokenPurpose = (typeof accountTokens.$inferInsert)['purpose']

/** The single-use links' hashes (decision 231); the tokens themselves are never stored. */
export function accountTokensRepository(db: Database) {
  const isUsable = (tokenHash: string, purpose: TokenPurpose) =>
    and(
      eq(accountTokens.tokenHash, tokenHash),
      eq(accountTokens.purpose, purpose),
      isNull(accountTokens.usedAt),
      gt(accountTokens.expiresAt, sql`now()`),
    )
  return {
    /** Stores a new link and retires the account's earlier unused ones of the same purpose: only the newest mail works. */
    async replace(values: {
      tokenHash: string
      accountId: string
      purpose: TokenPurpose
      expiresAt: Date
    }): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .delete(accountTokens)
          .where(
            and(eq(accountTokens.accountId, values.accountId), eq(accountTokens.purpose, values.purpose)),
          )
        await tx.insert(accountTokens).values(values)
      })
    },
    /** The account a usable link belongs to, without using it up. */
    async findUsable(tokenHash: string, purpose: TokenPurpose): Promise<string | undefined> {
      const [row] = await db
        .select({ accountId: accountTokens.accountId })
        .from(accountTokens)
        .where(isUsable(tokenHash, purpose))
      return row?.accountId
    },
    /** Uses the link up in one statement, so two clicks at once cannot both succeed. */
    async consume(tokenHash: string, purpose: TokenPurpose): Promise<string | undefined> {
      const [row] = await db
        .update(accountTokens)
        .set({ usedAt: sql`now()` })
        .where(isUsable(tokenHash, purpose))
        .returning({ accountId: accountTokens.accountId })
      return row?.accountId
    },
  }
}

export type AccountTokensRepository = ReturnType<typeof accountTokensRepository>

import crypto from 'node:crypto'
import { and, count, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { confirmationKeys, emailConfirmations } from '../../db/schema/index.js'

export type ConfirmationRow = typeof emailConfirmations.$inferSelect
export type NewConfirmation = Omit<
  typeof emailConfirmations.$inferInsert,
  'id' | 'requestedAt' | 'confirmedAt' | 'confirmAddress'
>

const KEY_ID = 'link-key:1'

/** The e-mailed confirmations (decision 237): the only Drizzle code of the module. */
export function createConfirmationsRepository(db: Database) {
  return {
    /**
     * The links' HMAC key, made by whichever process asks first: each inserts under one fixed
     * id with ON CONFLICT DO NOTHING, and all read back the same row.
     */
    async signingKey(): Promise<string> {
      await db
        .insert(confirmationKeys)
        .values({ id: KEY_ID, secret: crypto.randomBytes(32).toString('base64url') })
        .onConflictDoNothing()
      const [row] = await db.select().from(confirmationKeys).where(eq(confirmationKeys.id, KEY_ID))
      return row!.secret
    },

    /**
     * Stores a confirmation unless its mailbox already had `limit` requests in the last
     * `windowSeconds`: null then. The mailbox's advisory lock makes the count and the insert
     * one step, so requests racing from many addresses cannot pass the limit together.
     */
    async insertWithinLimit(
      values: NewConfirmation,
      limit: number,
      windowSeconds: number,
    ): Promise<ConfirmationRow | null> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`tavlin:confirmation:${values.mailbox}`}))`,
        )
        const [recent] = await tx
          .select({ value: count() })
          .from(emailConfirmations)
          .where(
            and(
              eq(emailConfirmations.mailbox, values.mailbox),
              gt(emailConfirmations.requestedAt, sql`now() - make_interval(secs => ${windowSeconds})`),
            ),
          )
        if ((recent?.value ?? 0) >= limit) return null
        const [row] = await tx.insert(emailConfirmations).values(values).returning()
        return row!
      })
    },

    async findById(id: string): Promise<ConfirmationRow | undefined> {
      const [row] = await db.select().from(emailConfirmations).where(eq(emailConfirmations.id, id))
      return row
    },

    /** Marks it used; false when another click got there first (its effect is done once either way). */
    async markConfirmed(id: string, at: Date, address: string | null): Promise<boolean> {
      const rows = await db
        .update(emailConfirmations)
        .set({ confirmedAt: at, confirmAddress: address })
        .where(and(eq(emailConfirmations.id, id), isNull(emailConfirmations.confirmedAt)))
        .returning({ id: emailConfirmations.id })
      return rows.length > 0
    },

    /** Forgets confirmations whose link ran out before `before`; the number removed. */
    async purgeExpiredBefore(before: Date): Promise<number> {
      const rows = await db
        .delete(emailConfirmations)
        .where(lt(emailConfirmations.expiresAt, before))
        .returning({ id: emailConfirmations.id })
      return rows.length
    },
  }
}
export type ConfirmationsRepository = ReturnType<typeof createConfirmationsRepository>

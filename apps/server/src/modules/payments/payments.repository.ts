import { and, eq } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { paymentCallbacks } from '../../db/schema/index.js'

export function createPaymentsRepository(db: Database) {
  return {
    /** Stores a callback once per distinct body; returns the stored row either way. */
    async storeCallback(row: typeof paymentCallbacks.$inferInsert) {
      await db.insert(paymentCallbacks).values(row).onConflictDoNothing()
      const [stored] = await db
        .select()
        .from(paymentCallbacks)
        .where(
          and(eq(paymentCallbacks.provider, row.provider), eq(paymentCallbacks.bodySha256, row.bodySha256)),
        )
      return stored!
    },
    async markProcessed(id: string, outcome: string): Promise<void> {
      await db
        .update(paymentCallbacks)
        .set({ outcome, processedAt: new Date() })
        .where(eq(paymentCallbacks.id, id))
    },
  }
}
export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>

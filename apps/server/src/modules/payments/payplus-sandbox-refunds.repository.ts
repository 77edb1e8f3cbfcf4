import { asc, eq, inArray, sum } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { sandboxRefunds } from '../../db/schema/index.js'

export type SandboxRefund = typeof sandboxRefunds.$inferSelect

export function createSandboxRefundsRepository(db: Database) {
  return {
    async insert(row: typeof sandboxRefunds.$inferInsert): Promise<void> {
      await db.insert(sandboxRefunds).values(row)
    },
    async findById(refundUid: string): Promise<SandboxRefund | null> {
      const [row] = await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.refundUid, refundUid))
      return row ?? null
    },
    async refundedAgorot(transactionUid: string): Promise<number> {
      const [row] = await db
        .select({ total: sum(sandboxRefunds.amountAgorot) })
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.transactionUid, transactionUid))
      return Number(row?.total ?? 0)
    },
    /** The refunds of these charges, oldest first: the look-up's related transactions. */
    async findOfCharges(transactionUids: string[]): Promise<SandboxRefund[]> {
      if (transactionUids.length === 0) return []
      return db
        .select()
        .from(sandboxRefunds)
        .where(inArray(sandboxRefunds.transactionUid, transactionUids))
        .orderBy(asc(sandboxRefunds.createdAt))
    },
  }
}
export type SandboxRefundsRepository = ReturnType<typeof createSandboxRefundsRepository>

import { and, desc, eq, inArray } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { sandboxPaymentPages, sandboxTransactions } from '../../db/schema/index.js'

export type SandboxPage = typeof sandboxPaymentPages.$inferSelect
export type SandboxTransaction = typeof sandboxTransactions.$inferSelect

export function createSandboxRepository(db: Database) {
  return {
    async insertPage(page: typeof sandboxPaymentPages.$inferInsert): Promise<void> {
      await db.insert(sandboxPaymentPages).values(page)
    },
    async findPage(pageRequestUid: string): Promise<SandboxPage | null> {
      const [row] = await db
        .select()
        .from(sandboxPaymentPages)
        .where(eq(sandboxPaymentPages.pageRequestUid, pageRequestUid))
      return row ?? null
    },
    async insertTransaction(row: typeof sandboxTransactions.$inferInsert): Promise<void> {
      await db.insert(sandboxTransactions).values(row)
    },
    /** A Bit attempt the payer approved: only while it is still waiting (true for one caller). */
    async settlePending(transactionUid: string, statusCode: string, ipn: Record<string, unknown>) {
      const rows = await db
        .update(sandboxTransactions)
        .set({ statusCode, ipn })
        .where(
          and(
            eq(sandboxTransactions.transactionUid, transactionUid),
            eq(sandboxTransactions.statusCode, 'pending'),
          ),
        )
        .returning({ uid: sandboxTransactions.transactionUid })
      return rows.length > 0
    },
    async findTransaction(transactionUid: string): Promise<SandboxTransaction | null> {
      const [row] = await db
        .select()
        .from(sandboxTransactions)
        .where(eq(sandboxTransactions.transactionUid, transactionUid))
      return row ?? null
    },
    async findTransactions(transactionUids: string[]): Promise<SandboxTransaction[]> {
      if (transactionUids.length === 0) return []
      return db
        .select()
        .from(sandboxTransactions)
        .where(inArray(sandboxTransactions.transactionUid, transactionUids))
    },
    /** Newest first: a page may carry a declined try before the approved one, or a payment's two parts. */
    async findTransactionsOfPage(pageRequestUid: string): Promise<SandboxTransaction[]> {
      return db
        .select()
        .from(sandboxTransactions)
        .where(eq(sandboxTransactions.pageRequestUid, pageRequestUid))
        .orderBy(desc(sandboxTransactions.createdAt), desc(sandboxTransactions.transactionUid))
    },
  }
}
export type SandboxRepository = ReturnType<typeof createSandboxRepository>

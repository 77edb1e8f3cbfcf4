import { desc, eq } from 'drizzle-orm'
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
    async findTransaction(transactionUid: string): Promise<SandboxTransaction | null> {
      const [row] = await db
        .select()
        .from(sandboxTransactions)
        .where(eq(sandboxTransactions.transactionUid, transactionUid))
      return row ?? null
    },
    /** Newest first; the page may have a declined try before the approved one. */
    async findTransactionsOfPage(pageRequestUid: string): Promise<SandboxTransaction[]> {
      return db
        .select()
        .from(sandboxTransactions)
        .where(eq(sandboxTransactions.pageRequestUid, pageRequestUid))
        .orderBy(desc(sandboxTransactions.createdAt))
    },
  }
}
export type SandboxRepository = ReturnType<typeof createSandboxRepository>

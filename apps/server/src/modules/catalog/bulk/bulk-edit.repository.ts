import { and, desc, eq, isNull } from 'drizzle-orm'
import type { BulkAction } from '@tavlin/contracts'
import type { Database } from '../../../db/client.js'
import { runInTransaction, type Executor, type Transaction } from '../../../db/unit-of-work.js'
import { catalogueBulkChanges, type BulkChangedProduct } from '../../../db/schema/index.js'

export type BulkChangeRecord = typeof catalogueBulkChanges.$inferSelect
export type { BulkChangedProduct }

export type BulkEditRepository = ReturnType<typeof createBulkEditRepository>

/** The bulk changes' record (decision 291): written in the change's transaction. */
export function createBulkEditRepository(db: Database) {
  return {
    /** One transaction for the products' writes and this record (the catalogue's repository joins it). */
    transaction: <T>(work: (tx: Transaction) => Promise<T>): Promise<T> => runInTransaction(db, work),

    async insert(
      executor: Executor,
      change: { actor: string | null; action: BulkAction; products: BulkChangedProduct[] },
    ): Promise<string> {
      const [row] = await executor
        .insert(catalogueBulkChanges)
        .values(change)
        .returning({ id: catalogueBulkChanges.id })
      return row!.id
    },

    async findLatest(executor: Executor = db): Promise<BulkChangeRecord | undefined> {
      const [row] = await executor
        .select()
        .from(catalogueBulkChanges)
        .orderBy(desc(catalogueBulkChanges.createdAt), desc(catalogueBulkChanges.id))
        .limit(1)
      return row
    },

    async findById(executor: Executor, id: string): Promise<BulkChangeRecord | undefined> {
      const [row] = await executor.select().from(catalogueBulkChanges).where(eq(catalogueBulkChanges.id, id))
      return row
    },

    /** Marks it undone unless it already is: false when another undo came first. */
    async markUndone(executor: Executor, id: string): Promise<boolean> {
      const rows = await executor
        .update(catalogueBulkChanges)
        .set({ undoneAt: new Date() })
        .where(and(eq(catalogueBulkChanges.id, id), isNull(catalogueBulkChanges.undoneAt)))
        .returning({ id: catalogueBulkChanges.id })
      return rows.length === 1
    },
  }
}

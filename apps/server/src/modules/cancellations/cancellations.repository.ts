import { and, desc, eq } from 'drizzle-orm'
import type { CancellationStatus } from '@tavlin/contracts'
import type { Database } from '../../db/client.js'
import { cancellationRequests } from '../../db/schema/index.js'

export type CancellationRow = typeof cancellationRequests.$inferSelect
const LIST_LIMIT = 200

export function createCancellationsRepository(db: Database) {
  return {
    /** null when this confirmation already filed its notice (the unique `confirmation_id`). */
    async insert(row: typeof cancellationRequests.$inferInsert): Promise<CancellationRow | null> {
      const [inserted] = await db
        .insert(cancellationRequests)
        .values(row)
        .onConflictDoNothing({ target: cancellationRequests.confirmationId })
        .returning()
      return inserted ?? null
    },

    async findPage(status: CancellationStatus | undefined): Promise<CancellationRow[]> {
      return db
        .select()
        .from(cancellationRequests)
        .where(status ? eq(cancellationRequests.status, status) : undefined)
        .orderBy(desc(cancellationRequests.createdAt))
        .limit(LIST_LIMIT)
    },

    async findById(id: string): Promise<CancellationRow | null> {
      const [row] = await db.select().from(cancellationRequests).where(eq(cancellationRequests.id, id))
      return row ?? null
    },

    /** Only an open notice is decided; false when another admin decided it first. */
    async decide(id: string, status: CancellationStatus, decidedBy: string | null): Promise<boolean> {
      const rows = await db
        .update(cancellationRequests)
        .set({ status, decidedBy, decidedAt: new Date() })
        .where(and(eq(cancellationRequests.id, id), eq(cancellationRequests.status, 'open')))
        .returning({ id: cancellationRequests.id })
      return rows.length > 0
    },

    /** Back to open when the refund failed after the notice was claimed. */
    async reopen(id: string): Promise<void> {
      await db
        .update(cancellationRequests)
        .set({ status: 'open', decidedBy: null, decidedAt: null })
        .where(eq(cancellationRequests.id, id))
    },
  }
}
export type CancellationsRepository = ReturnType<typeof createCancellationsRepository>

import { and, count, desc, eq, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { adminActivity } from '../../db/schema/index.js'

export type ActivityRow = typeof adminActivity.$inferSelect
export type NewActivity = typeof adminActivity.$inferInsert

export function createAuditRepository(db: Database) {
  return {
    async insert(entry: NewActivity): Promise<void> {
      await db.insert(adminActivity).values(entry)
    },

    /** Newest first; the id breaks ties between entries of the same instant. */
    async findPage(query: {
      limit: number
      offset: number
      entityType?: string | undefined
      entityId?: string | undefined
    }) {
      const conditions: SQL[] = []
      if (query.entityType) conditions.push(eq(adminActivity.entityType, query.entityType))
      if (query.entityId) conditions.push(eq(adminActivity.entityId, query.entityId))
      const where = conditions.length > 0 ? and(...conditions) : undefined
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(adminActivity)
          .where(where)
          .orderBy(desc(adminActivity.at), desc(adminActivity.id))
          .limit(query.limit)
          .offset(query.offset),
        db.select({ value: count() }).from(adminActivity).where(where),
      ])
      return { rows, total: total?.value ?? 0 }
    },
  }
}
export type AuditRepository = ReturnType<typeof createAuditRepository>

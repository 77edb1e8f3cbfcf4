import { asc, eq } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { couriers } from '../../db/schema/index.js'

export type CourierRow = typeof couriers.$inferSelect

/** The owner's couriers (issue 41): the only Drizzle code that touches them. */
export function createCouriersRepository(db: Database) {
  return {
    list: (): Promise<CourierRow[]> =>
      db.select().from(couriers).orderBy(asc(couriers.createdAt), asc(couriers.name)),

    async findById(id: string): Promise<CourierRow | null> {
      const [row] = await db.select().from(couriers).where(eq(couriers.id, id))
      return row ?? null
    },

    /** Throws the database's unique violation when another courier has the name (any case). */
    async insert(courier: { name: string; urlPattern: string }): Promise<CourierRow> {
      const [row] = await db.insert(couriers).values(courier).returning()
      return row!
    },

    /** null when the courier is gone. Orders keep their own copy of it. */
    async remove(id: string): Promise<CourierRow | null> {
      const [row] = await db.delete(couriers).where(eq(couriers.id, id)).returning()
      return row ?? null
    },
  }
}
export type CouriersRepository = ReturnType<typeof createCouriersRepository>

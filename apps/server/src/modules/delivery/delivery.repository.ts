import { asc, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import type { Executor } from '../../db/unit-of-work.js'
import { deliveryExcludedCities, deliveryMethods } from '../../db/schema/index.js'

export type DeliveryMethodRow = typeof deliveryMethods.$inferSelect
export type NewDeliveryMethod = Omit<typeof deliveryMethods.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>

/** The delivery methods and the excluded cities: the only Drizzle code of the module. */
export function createDeliveryRepository(db: Database) {
  return {
    /**
     * Every method, in checkout order (then oldest first, so equal positions keep their order).
     * `executor`: a transaction to read in (the order e-mail is written inside the order's).
     */
    list: (executor: Executor = db): Promise<DeliveryMethodRow[]> =>
      executor
        .select()
        .from(deliveryMethods)
        .orderBy(asc(deliveryMethods.position), asc(deliveryMethods.createdAt)),

    async insert(method: NewDeliveryMethod): Promise<DeliveryMethodRow> {
      const [row] = await db.insert(deliveryMethods).values(method).returning()
      return row!
    },

    /** null when the method is gone. */
    async update(id: string, method: NewDeliveryMethod): Promise<DeliveryMethodRow | null> {
      const [row] = await db
        .update(deliveryMethods)
        .set({ ...method, updatedAt: sql`now()` })
        .where(eq(deliveryMethods.id, id))
        .returning()
      return row ?? null
    },

    /** null when the method is gone. Orders keep their own copy of it. */
    async remove(id: string): Promise<DeliveryMethodRow | null> {
      const [row] = await db.delete(deliveryMethods).where(eq(deliveryMethods.id, id)).returning()
      return row ?? null
    },

    async excludedCities(executor: Executor = db): Promise<string[]> {
      const rows = await executor
        .select({ city: deliveryExcludedCities.city })
        .from(deliveryExcludedCities)
        .orderBy(asc(deliveryExcludedCities.city))
      return rows.map((row) => row.city)
    },

    /** Replaces the whole list in one transaction: a reader sees the old list or the new one. */
    async replaceExcludedCities(cities: readonly string[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(deliveryExcludedCities)
        if (cities.length > 0)
          await tx.insert(deliveryExcludedCities).values(cities.map((city) => ({ city })))
      })
    },
  }
}
export type DeliveryRepository = ReturnType<typeof createDeliveryRepository>

import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import type { Executor } from '../../db/unit-of-work.js'
import { orders, type StoredOrderTracking } from '../../db/schema/index.js'

export type { StoredOrderTracking }

/** What tracking needs to know of an order. */
export type TrackedOrderRef = { id: string; number: number; status: string }

const ref = { id: orders.id, number: orders.number, status: orders.status }

/** Orders' tracking column (issue 41): the only Drizzle code that writes it. */
export function createOrderTrackingRepository(db: Database) {
  return {
    async findById(id: string): Promise<TrackedOrderRef | null> {
      const [row] = await db.select(ref).from(orders).where(eq(orders.id, id))
      return row ?? null
    },

    findByNumbers: (numbers: number[]): Promise<TrackedOrderRef[]> =>
      numbers.length === 0
        ? Promise.resolve([])
        : db.select(ref).from(orders).where(inArray(orders.number, numbers)),

    /**
     * Sets (or with null clears) the order's tracking, only while its status is one of
     * `statuses` (it may have moved since it was read); null when it was not written.
     */
    async update(
      id: string,
      tracking: StoredOrderTracking | null,
      statuses: readonly string[] | null,
      executor: Executor = db,
    ): Promise<TrackedOrderRef | null> {
      const [row] = await executor
        .update(orders)
        .set({ tracking, updatedAt: sql`now()` })
        .where(statuses ? and(eq(orders.id, id), inArray(orders.status, [...statuses])) : eq(orders.id, id))
        .returning(ref)
      return row ?? null
    },
  }
}
export type OrderTrackingRepository = ReturnType<typeof createOrderTrackingRepository>

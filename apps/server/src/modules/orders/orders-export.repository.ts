import { and, asc, gt, inArray } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { orderItems, orders } from '../../db/schema/index.js'
import { orderFilterWhere, type OrderFilter } from './order-filters.js'
import type { OrderWithItems } from './orders.repository.js'

/** Orders read a batch at a time, so a year of them never sits in memory at once. */
export const EXPORT_BATCH_SIZE = 500

export function createOrdersExportRepository(db: Database) {
  return {
    /** Oldest first, keyed on the order number, which only grows. */
    async *batches(filter: OrderFilter, size = EXPORT_BATCH_SIZE): AsyncGenerator<OrderWithItems[]> {
      let afterNumber = 0
      for (;;) {
        const rows = await db
          .select()
          .from(orders)
          .where(and(orderFilterWhere(filter), gt(orders.number, afterNumber)))
          .orderBy(asc(orders.number))
          .limit(size)
        if (rows.length === 0) return
        const items = await db
          .select()
          .from(orderItems)
          .where(
            inArray(
              orderItems.orderId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(orderItems.position))
        yield rows.map((row) => ({ ...row, items: items.filter((item) => item.orderId === row.id) }))
        if (rows.length < size) return
        afterNumber = rows.at(-1)!.number
      }
    },
  }
}

export type OrdersExportRepository = ReturnType<typeof createOrdersExportRepository>

import { and, asc, gt, inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { orderItems, orderRefunds, orders } from '../../db/schema/index.js'
import { orderFilterWhere, type OrderFilter } from './order-filters.repository.js'
import type { OrderWithItems } from './orders.repository.js'

/** Orders read a batch at a time, so a year of them never sits in memory at once. */
export const EXPORT_BATCH_SIZE = 500

export type ExportedOrder = OrderWithItems & { refundedAgorot: number }

export function createOrdersExportRepository(db: Database) {
  return {
    /** Oldest first, keyed on the order number, which only grows. */
    async *batches(filter: OrderFilter, size = EXPORT_BATCH_SIZE): AsyncGenerator<ExportedOrder[]> {
      let afterNumber = 0
      for (;;) {
        const rows = await db
          .select({
            order: orders,
            refundedAgorot: sql<number>`(select coalesce(sum(r.amount_agorot), 0)::int from ${orderRefunds} r where r.order_id = "orders"."id")`,
          })
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
              rows.map((row) => row.order.id),
            ),
          )
          .orderBy(asc(orderItems.position))
        yield rows.map(({ order, refundedAgorot }) => ({
          ...order,
          refundedAgorot: Number(refundedAgorot),
          items: items.filter((item) => item.orderId === order.id),
        }))
        if (rows.length < size) return
        afterNumber = rows.at(-1)!.order.number
      }
    },
  }
}

export type OrdersExportRepository = ReturnType<typeof createOrdersExportRepository>

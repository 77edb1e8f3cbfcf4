import { and, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { orderItems, orderStatusHistory, orders } from '../../db/schema/index.js'

/**
 * When the order was delivered: its last move to `delivered`. A partly refunded order that was
 * delivered keeps it; an order refunded in full or cancelled is no longer "received".
 */
const deliveredAt = sql<Date | string>`(select max(${orderStatusHistory.at}) from ${orderStatusHistory}
  where ${orderStatusHistory.orderId} = ${orders.id} and ${orderStatusHistory.status} = 'delivered')`

/** The lines of received orders (issue 36): what their buyers may review. Drizzle only. */
export function createOrderReceivedRepository(db: Database) {
  async function lines(which: SQL) {
    return db
      .select({
        orderId: orders.id,
        number: orders.number,
        customer: orders.customer,
        accountSubject: orders.accountSubject,
        itemId: orderItems.itemId,
        itemType: orderItems.itemType,
        name: orderItems.name,
        deliveredAt,
      })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(
        and(
          which,
          inArray(orders.status, ['delivered', 'partially_refunded']),
          isNull(orders.personalDataErasedAt),
          sql`${deliveredAt} is not null`,
        ),
      )
      .orderBy(orders.createdAt, orderItems.position)
  }
  return {
    ofAccount: (subject: string) => lines(eq(orders.accountSubject, subject)),
    ofOrder: (orderId: string) => lines(eq(orders.id, orderId)),
    /** Received orders delivered between the two times (the review e-mail's window). */
    deliveredBetween: (from: Date, to: Date) =>
      lines(and(gte(deliveredAt, from.toISOString()), lte(deliveredAt, to.toISOString()))!),
  }
}
export type OrderReceivedRepository = ReturnType<typeof createOrderReceivedRepository>

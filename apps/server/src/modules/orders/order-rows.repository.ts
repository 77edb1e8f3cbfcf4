import { and, asc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm'
import type { OrderStatus } from '@tavlin/contracts'
import type { Executor } from '../../db/unit-of-work.js'
import { orderItems, orderStatusHistory, orders } from '../../db/schema/index.js'
import { maskIfErasureDue } from '../../db/personal-data.js'

export type OrderRow = typeof orders.$inferSelect
/** One charge that paid an order (a split payment has several). */
export type OrderCharge = NonNullable<OrderRow['charges']>[number]
export type OrderItemRow = typeof orderItems.$inferSelect
export type OrderWithItems = OrderRow & { items: OrderItemRow[] }
export type NewOrder = typeof orders.$inferInsert
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'orderId'>
export type StatusHistoryRow = typeof orderStatusHistory.$inferSelect
/** Who changed a status; null for the system (payment callbacks, reconciliation, expiry). */
export type StatusActor = { subject: string; email: string | null } | null

/** An unpaid order that has no payment page yet. */
export function withoutPage(): SQL {
  return and(eq(orders.status, 'pending_payment'), isNull(orders.paymentLink))!
}

/** Nobody holds the order's page claim (never claimed, or the claimant's lease ran out). */
export function claimExpired(): SQL {
  return or(isNull(orders.pageClaimedUntil), lt(orders.pageClaimedUntil, sql`now()`))!
}

export async function withItems(db: Executor, rows: OrderRow[]): Promise<OrderWithItems[]> {
  if (rows.length === 0) return []
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
  return rows.map((row) => ({ ...row, items: items.filter((item) => item.orderId === row.id) }))
}

/**
 * clock_timestamp(), not now(): two changes in one transaction still sort in order. Every
 * status change passes here, so an order closing masks a deleted account's details with it.
 */
export async function recordStatus(
  executor: Executor,
  orderId: string,
  status: OrderStatus,
  actor: StatusActor,
): Promise<{ isMasked: boolean }> {
  await executor.insert(orderStatusHistory).values({
    orderId,
    status,
    actorSubject: actor?.subject ?? null,
    actorEmail: actor?.email ?? null,
    at: sql`clock_timestamp()`,
  })
  return { isMasked: await maskIfErasureDue(executor, orderId, status) }
}

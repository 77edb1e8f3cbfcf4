import { and, asc, count, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm'
import type { AdminOrderSort } from '@tavlin/contracts'
import type { Database } from '../../db/client.js'
import { orderStatusHistory, orders } from '../../db/schema/index.js'
import {
  withItems,
  type OrderRow,
  type OrderWithItems,
  type StatusHistoryRow,
} from './order-rows.repository.js'
import { orderFilterWhere, orderSortBy, type OrderFilter } from './order-filters.repository.js'

export type OrderPageQuery = OrderFilter & { page: number; limit: number; sort?: AdminOrderSort | undefined }

/** Look-ups of orders, their lines and their status history. */
export function createOrderReads(db: Database) {
  return {
    async findById(id: string): Promise<OrderWithItems | null> {
      const rows = await db.select().from(orders).where(eq(orders.id, id))
      return (await withItems(db, rows))[0] ?? null
    },

    async findByIdempotencyKey(key: string): Promise<OrderRow | null> {
      const [row] = await db.select().from(orders).where(eq(orders.idempotencyKey, key))
      return row ?? null
    },

    async findByPageRequestUid(uid: string): Promise<OrderRow | null> {
      const [row] = await db.select().from(orders).where(eq(orders.pageRequestUid, uid))
      return row ?? null
    },

    /** Every status of the order, oldest first. */
    async findStatusHistory(orderId: string): Promise<StatusHistoryRow[]> {
      return db
        .select()
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.orderId, orderId))
        .orderBy(asc(orderStatusHistory.at), asc(orderStatusHistory.id))
    },

    findPendingForReconciliation: (createdBefore: Date, checkedBefore: Date, limit: number) =>
      findPendingForReconciliation(db, createdBefore, checkedBefore, limit),

    findEndedWithOpenPage: (since: Date, checkedBefore: Date, windowMinutes: number, limit: number) =>
      findEndedWithOpenPage(db, since, checkedBefore, windowMinutes, limit),

    findPage: (query: OrderPageQuery) => findPage(db, query),
  }
}

/** Unpaid orders the reconciliation should look at, oldest first. */
async function findPendingForReconciliation(
  db: Database,
  createdBefore: Date,
  checkedBefore: Date,
  limit: number,
): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, 'pending_payment'),
        eq(orders.needsReview, false),
        lt(orders.createdAt, createdBefore),
        or(isNull(orders.providerCheckedAt), lt(orders.providerCheckedAt, checkedBefore)),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(limit)
}

/**
 * Orders that failed or were cancelled while their payment page could still take a payment
 * (issue 32): a shopper may pay on it after a decline, and that callback may be lost.
 * `since`: pages that closed before it are not looked at.
 */
async function findEndedWithOpenPage(
  db: Database,
  since: Date,
  checkedBefore: Date,
  windowMinutes: number,
  limit: number,
): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        inArray(orders.status, ['failed', 'cancelled']),
        isNull(orders.transactionUid),
        isNotNull(orders.pageRequestUid),
        eq(orders.needsReview, false),
        sql`coalesce(${orders.payableUntil}, ${orders.createdAt} + make_interval(mins => ${windowMinutes})) > ${since.toISOString()}::timestamptz`,
        or(isNull(orders.providerCheckedAt), lt(orders.providerCheckedAt, checkedBefore)),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(limit)
}

async function findPage(db: Database, query: OrderPageQuery) {
  const where = orderFilterWhere(query)
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(...orderSortBy(query.sort))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ value: count() }).from(orders).where(where),
  ])
  return { rows: await withItems(db, rows), total: total?.value ?? 0 }
}

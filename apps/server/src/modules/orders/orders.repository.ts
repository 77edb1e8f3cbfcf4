import { and, asc, count, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm'
import type { AdminOrderSort, OrderStatus } from '@tavlin/contracts'
import type { Database } from '../../db/client.js'
import { orderItems, orderStatusHistory, orders, type OrderPaymentDetails } from '../../db/schema/index.js'
import { orderFilterWhere, orderSortBy, type OrderFilter } from './order-filters.js'

export type OrderRow = typeof orders.$inferSelect
export type OrderItemRow = typeof orderItems.$inferSelect
export type OrderWithItems = OrderRow & { items: OrderItemRow[] }
export type NewOrder = typeof orders.$inferInsert
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'orderId'>
export type StatusHistoryRow = typeof orderStatusHistory.$inferSelect
/** Who changed a status; null for the system (payment callbacks, reconciliation, expiry). */
export type StatusActor = { subject: string; email: string | null } | null

/** An unpaid order that has no payment page yet. */
function withoutPage(): SQL {
  return and(eq(orders.status, 'pending_payment'), isNull(orders.paymentLink))!
}

/** Nobody holds the order's page claim (never claimed, or the claimant's lease ran out). */
function claimExpired(): SQL {
  return or(isNull(orders.pageClaimedUntil), lt(orders.pageClaimedUntil, sql`now()`))!
}

export function createOrdersRepository(db: Database) {
  async function withItems(rows: OrderRow[]): Promise<OrderWithItems[]> {
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

  /** clock_timestamp(), not now(): two changes in one transaction still sort in order. */
  async function recordStatus(executor: Database, orderId: string, status: OrderStatus, actor: StatusActor) {
    await executor.insert(orderStatusHistory).values({
      orderId,
      status,
      actorSubject: actor?.subject ?? null,
      actorEmail: actor?.email ?? null,
      at: sql`clock_timestamp()`,
    })
  }

  return {
    db,

    /**
     * Order and its lines in one transaction, claimed for `pageClaimSeconds` by the request
     * that goes on to ask for its payment page; null when the idempotency key is already taken.
     */
    async insertWithItems(
      order: NewOrder,
      lines: NewOrderItem[],
      pageClaimSeconds: number,
    ): Promise<OrderWithItems | null> {
      return db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(orders)
          .values({ ...order, pageClaimedUntil: sql`now() + make_interval(secs => ${pageClaimSeconds})` })
          .onConflictDoNothing({ target: orders.idempotencyKey })
          .returning()
        if (!inserted) return null
        const items = await tx
          .insert(orderItems)
          .values(lines.map((line) => ({ ...line, orderId: inserted.id })))
          .returning()
        await recordStatus(tx as unknown as Database, inserted.id, inserted.status as OrderStatus, null)
        return { ...inserted, items: items.sort((a, b) => a.position - b.position) }
      })
    },

    async findById(id: string): Promise<OrderWithItems | null> {
      const rows = await db.select().from(orders).where(eq(orders.id, id))
      return (await withItems(rows))[0] ?? null
    },

    async findByIdempotencyKey(key: string): Promise<OrderRow | null> {
      const [row] = await db.select().from(orders).where(eq(orders.idempotencyKey, key))
      return row ?? null
    },

    async findByPageRequestUid(uid: string): Promise<OrderRow | null> {
      const [row] = await db.select().from(orders).where(eq(orders.pageRequestUid, uid))
      return row ?? null
    },

    /**
     * Takes the right to ask the provider for this order's payment page for `leaseSeconds`:
     * only while it is unpaid, has no page yet and nobody else's claim is still running.
     */
    async claimPaymentPage(id: string, leaseSeconds: number): Promise<OrderWithItems | null> {
      const rows = await db
        .update(orders)
        .set({ pageClaimedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
        .where(and(eq(orders.id, id), withoutPage(), claimExpired()))
        .returning()
      return (await withItems(rows))[0] ?? null
    },

    /**
     * Stores the page unless another claimant stored one first (a slow request after a
     * takeover); either way the answer is the page the order now has, so every caller
     * hands out the same link.
     */
    async setPaymentPage(
      id: string,
      page: { pageRequestUid: string; paymentLink: string },
    ): Promise<OrderRow | null> {
      const [stored] = await db
        .update(orders)
        .set({ ...page, pageClaimedUntil: null, updatedAt: sql`now()` })
        .where(and(eq(orders.id, id), withoutPage()))
        .returning()
      if (stored) return stored
      const [current] = await db.select().from(orders).where(eq(orders.id, id))
      return current ?? null
    },

    /** Unpaid orders whose payment page was never stored and nobody is creating now, oldest first. */
    async findWithoutPaymentPage(limit: number): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(and(withoutPage(), eq(orders.needsReview, false), claimExpired()))
        .orderBy(asc(orders.createdAt))
        .limit(limit)
    },

    /** Like `transition`, but only while the order still has no payment page (a takeover may have made one). */
    async giveUpWithoutPage(
      id: string,
      to: 'failed' | 'cancelled',
      failureReason: string,
    ): Promise<OrderRow | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(orders)
          .set({ status: to, failureReason, pageClaimedUntil: null, updatedAt: sql`now()` })
          .where(and(eq(orders.id, id), withoutPage()))
          .returning()
        if (!row) return null
        await recordStatus(tx as unknown as Database, id, to, null)
        return row
      })
    },

    /** Moves `from` → `to` only if the order is still in one of `from`; returns the updated row. */
    async transition(
      id: string,
      from: readonly OrderStatus[],
      to: OrderStatus,
      extra: Partial<Pick<OrderRow, 'failureReason'>> = {},
      actor: StatusActor = null,
    ): Promise<OrderRow | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(orders)
          .set({ status: to, ...extra, updatedAt: sql`now()` })
          .where(and(eq(orders.id, id), inArray(orders.status, [...from])))
          .returning()
        if (!row) return null
        await recordStatus(tx as unknown as Database, id, to, actor)
        return row
      })
    },

    async markPaid(
      id: string,
      from: readonly OrderStatus[],
      payment: { transactionUid: string; details: OrderPaymentDetails | null },
      executor: Database,
    ): Promise<OrderRow | null> {
      const [row] = await executor
        .update(orders)
        .set({
          status: 'paid',
          transactionUid: payment.transactionUid,
          payment: payment.details,
          paidAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(orders.id, id), inArray(orders.status, [...from])))
        .returning()
      if (!row) return null
      await recordStatus(executor, id, 'paid', null)
      return row
    },

    /** Every status of the order, oldest first. */
    async findStatusHistory(orderId: string): Promise<StatusHistoryRow[]> {
      return db
        .select()
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.orderId, orderId))
        .orderBy(asc(orderStatusHistory.at), asc(orderStatusHistory.id))
    },

    async flagForReview(id: string, reason: string): Promise<void> {
      await db
        .update(orders)
        .set({ needsReview: true, reviewReason: reason, updatedAt: sql`now()` })
        .where(eq(orders.id, id))
    },

    async touchProviderCheck(id: string): Promise<void> {
      await db
        .update(orders)
        .set({ providerCheckedAt: sql`now()` })
        .where(eq(orders.id, id))
    },

    /** Unpaid orders the reconciliation should look at, oldest first. */
    async findPendingForReconciliation(createdBefore: Date, limit: number): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.status, 'pending_payment'),
            eq(orders.needsReview, false),
            lt(orders.createdAt, createdBefore),
            or(
              isNull(orders.providerCheckedAt),
              lt(orders.providerCheckedAt, sql`now() - interval '30 seconds'`),
            ),
          ),
        )
        .orderBy(asc(orders.createdAt))
        .limit(limit)
    },

    async findPage(query: OrderFilter & { page: number; limit: number; sort?: AdminOrderSort }) {
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
      return { rows: await withItems(rows), total: total?.value ?? 0 }
    },
  }
}
export type OrdersRepository = ReturnType<typeof createOrdersRepository>

import { and, asc, desc, eq, inArray, isNull, lt, or, sql, sum } from 'drizzle-orm'
import type { OrderStatus } from '@tavlin/contracts'
import type { Database } from '../../db/client.js'
import { maskIfErasureDue } from '../../db/personal-data.js'
import { orderRefunds, orderStatusHistory, orders } from '../../db/schema/index.js'
import type { OrderRow, StatusActor } from './orders.repository.js'

export type RefundRow = typeof orderRefunds.$inferSelect
export type NewRefund = {
  /** Made before the refund is sent: PayPlus carries it as the refund's `more_info`. */
  id: string
  amountAgorot: number
  feeAgorot: number
  transactionUid: string
  documentUrl: string | null
  cancellationId: string | null
}

/** Refunds, receipts and the look-ups of the cancellation form; Drizzle only. */
export function createRefundsRepository(db: Database) {
  return {
    ...createRefundClaims(db),
    async findByNumber(number: number): Promise<OrderRow | null> {
      const [row] = await db.select().from(orders).where(eq(orders.number, number))
      return row ?? null
    },

    async findRefunds(orderId: string): Promise<RefundRow[]> {
      return db
        .select()
        .from(orderRefunds)
        .where(eq(orderRefunds.orderId, orderId))
        .orderBy(asc(orderRefunds.createdAt))
    },

    async refundedAgorot(orderId: string): Promise<number> {
      const [row] = await db
        .select({ total: sum(orderRefunds.amountAgorot) })
        .from(orderRefunds)
        .where(eq(orderRefunds.orderId, orderId))
      return Number(row?.total ?? 0)
    },

    /** When the order was marked delivered, if it was. */
    async deliveredAt(orderId: string): Promise<Date | null> {
      const [row] = await db
        .select({ at: orderStatusHistory.at })
        .from(orderStatusHistory)
        .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.status, 'delivered')))
        .orderBy(desc(orderStatusHistory.at))
        .limit(1)
      return row?.at ?? null
    },

    /**
     * The refund, the order's new status and its history line in one transaction; null when
     * the order is in none of the `from` statuses (nothing is written then).
     */
    async recordRefund(
      orderId: string,
      from: readonly OrderStatus[],
      to: OrderStatus,
      refund: NewRefund,
      actor: StatusActor,
    ): Promise<OrderRow | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(orders)
          .set({ status: to, updatedAt: sql`now()` })
          .where(and(eq(orders.id, orderId), inArray(orders.status, [...from])))
          .returning()
        if (!row) return null
        await tx.insert(orderRefunds).values({
          orderId,
          ...refund,
          actorSubject: actor?.subject ?? null,
          actorEmail: actor?.email ?? null,
        })
        await tx.insert(orderStatusHistory).values({
          orderId,
          status: to,
          actorSubject: actor?.subject ?? null,
          actorEmail: actor?.email ?? null,
          refund: { amountAgorot: refund.amountAgorot, feeAgorot: refund.feeAgorot },
          at: sql`clock_timestamp()`,
        })
        // Refunded in full, the order is closed: a deleted account's details go now (decision 254).
        await maskIfErasureDue(tx, orderId, to)
        return row
      })
    },

    async setDocumentUrl(orderId: string, url: string): Promise<void> {
      await db.update(orders).set({ documentUrl: url }).where(eq(orders.id, orderId))
    },

    /** Paid (or later) orders the provider issued no receipt for, newest first. */
    async findWithoutDocument(statuses: readonly OrderStatus[], limit: number): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(and(isNull(orders.documentUrl), inArray(orders.status, [...statuses])))
        .orderBy(desc(orders.paidAt))
        .limit(limit)
    },
  }
}
export type RefundsRepository = ReturnType<typeof createRefundsRepository>

/** One refund of an order at a time (issue 32): a claim on the order, released after. */
function createRefundClaims(db: Database) {
  return {
    /**
     * Takes the order for one refund: false while another holds it. The hold runs out by
     * itself (a refund that crashed midway), longer than any answer the provider may take.
     */
    async claimRefund(orderId: string, seconds: number): Promise<boolean> {
      const rows = await db
        .update(orders)
        .set({ refundClaimedUntil: sql`now() + make_interval(secs => ${seconds})` })
        .where(
          and(
            eq(orders.id, orderId),
            or(isNull(orders.refundClaimedUntil), lt(orders.refundClaimedUntil, sql`now()`)),
          ),
        )
        .returning({ id: orders.id })
      return rows.length === 1
    },

    async releaseRefund(orderId: string): Promise<void> {
      await db.update(orders).set({ refundClaimedUntil: null }).where(eq(orders.id, orderId))
    },
  }
}

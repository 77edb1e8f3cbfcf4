import { and, eq, inArray, sql } from 'drizzle-orm'
import type { OrderStatus } from '@tavlin/contracts'
import type { Database } from '../../db/client.js'
import type { Executor, Transaction } from '../../db/unit-of-work.js'
import { orderItems, orders, type OrderPaymentDetails } from '../../db/schema/index.js'
import {
  recordStatus,
  type NewOrder,
  type NewOrderItem,
  type OrderRow,
  type OrderWithItems,
  type StatusActor,
} from './order-rows.repository.js'

/** Orders coming into being and moving between statuses, each move recorded in the history. */
export function createOrderWrites(db: Database) {
  return {
    /**
     * Order and its lines in one transaction, claimed for `pageClaimSeconds` by the request
     * that goes on to ask for its payment page; null when the idempotency key is already taken.
     */
    async insertWithItems(
      order: NewOrder,
      lines: NewOrderItem[],
      pageClaimSeconds: number,
      /** Runs in the same transaction once the order exists (a coupon's use); throwing undoes the order. */
      alongside?: (tx: Transaction, orderId: string) => Promise<void>,
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
        await recordStatus(tx, inserted.id, inserted.status as OrderStatus, null)
        if (alongside) await alongside(tx, inserted.id)
        return { ...inserted, items: items.sort((a, b) => a.position - b.position) }
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
        await recordStatus(tx, id, to, actor)
        return row
      })
    },

    markPaid: (
      id: string,
      from: readonly OrderStatus[],
      payment: { transactionUid: string; details: OrderPaymentDetails | null },
      executor: Executor,
    ) => markPaid(executor, id, from, payment),

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
  }
}

/** Written in the caller's unit of work, so the order and what follows from its payment commit together. */
async function markPaid(
  executor: Executor,
  id: string,
  from: readonly OrderStatus[],
  payment: { transactionUid: string; details: OrderPaymentDetails | null },
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
}

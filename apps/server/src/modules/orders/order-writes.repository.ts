import { and, eq, inArray, sql } from 'drizzle-orm'
import type { OrderStatus } from '@tavlin/contracts'
import type { Database } from '../../db/client.js'
import type { Executor, Transaction } from '../../db/unit-of-work.js'
import { orderItems, orders, type OrderCharge, type OrderPaymentDetails } from '../../db/schema/index.js'
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
    ...createOrderNotes(db),
    /**
     * Order and its lines in the caller's transaction (which reserves their stock too),
     * claimed for `pageClaimSeconds` by the request that goes on to ask for its payment
     * page; null when the idempotency key is already taken.
     */
    async insertWithItems(
      order: NewOrder,
      lines: NewOrderItem[],
      pageClaimSeconds: number,
      tx: Transaction,
    ): Promise<OrderWithItems | null> {
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
      return { ...inserted, items: items.sort((a, b) => a.position - b.position) }
    },

    /** Moves `from` → `to` only if the order is still in one of `from`; returns the updated row. */
    async transition(
      id: string,
      from: readonly OrderStatus[],
      to: OrderStatus,
      extra: Partial<Pick<OrderRow, 'failureReason'>> = {},
      actor: StatusActor = null,
      executor?: Transaction,
    ): Promise<OrderRow | null> {
      const move = async (tx: Executor) => {
        const [row] = await tx
          .update(orders)
          .set({ status: to, ...extra, updatedAt: sql`now()` })
          .where(and(eq(orders.id, id), inArray(orders.status, [...from])))
          .returning()
        if (!row) return null
        const { isMasked } = await recordStatus(tx, id, to, actor)
        if (!isMasked) return row
        const [masked] = await tx.select().from(orders).where(eq(orders.id, id))
        return masked ?? row
      }
      return executor ? move(executor) : db.transaction(move)
    },

    /**
     * Takes the order's hold on its stock: true for exactly one caller while it held
     * stock; whoever gets true gives the units back, in the same transaction.
     */
    async dropStockHold(id: string, executor: Transaction): Promise<boolean> {
      const rows = await executor
        .update(orders)
        .set({ stockHeld: false })
        .where(and(eq(orders.id, id), eq(orders.stockHeld, true)))
        .returning({ id: orders.id })
      return rows.length > 0
    },

    /** Marks the order as holding stock again (a late payment took its units back). */
    async setStockHold(id: string, executor: Transaction): Promise<void> {
      await executor.update(orders).set({ stockHeld: true }).where(eq(orders.id, id))
    },

    /** Failed or cancelled orders still holding stock (a crash between the two), for the reconcile job. */
    async findStockHeldByEnded(limit: number): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(and(eq(orders.stockHeld, true), inArray(orders.status, ['failed', 'cancelled'])))
        .limit(limit)
    },

    markPaid: (id: string, from: readonly OrderStatus[], payment: Payment, executor: Executor) =>
      markPaid(executor, id, from, payment),

    async touchProviderCheck(id: string): Promise<void> {
      await db
        .update(orders)
        .set({ providerCheckedAt: sql`now()` })
        .where(eq(orders.id, id))
    },
  }
}

type Payment = { transactionUid: string; details: OrderPaymentDetails | null; charges: OrderCharge[] }

/** Written in the caller's unit of work, so the order and what follows from its payment commit together. */
async function markPaid(
  executor: Executor,
  id: string,
  from: readonly OrderStatus[],
  payment: Payment,
): Promise<OrderRow | null> {
  const [row] = await executor
    .update(orders)
    .set({
      status: 'paid',
      transactionUid: payment.transactionUid,
      payment: payment.details,
      charges: payment.charges,
      // A declined try before this payment is no failure of the order.
      failureReason: null,
      paidAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(orders.id, id), inArray(orders.status, [...from])))
    .returning()
  if (!row) return null
  await recordStatus(executor, id, 'paid', null)
  return row
}

/** What a person should know about an order: set aside for review, or its latest card declined. */
function createOrderNotes(db: Database) {
  return {
    async flagForReview(id: string, reason: string, executor: Executor = db): Promise<void> {
      await executor
        .update(orders)
        .set({ needsReview: true, reviewReason: reason, updatedAt: sql`now()` })
        .where(eq(orders.id, id))
    },

    /** Whether the order is set aside for review already (read in the caller's unit of work). */
    async isFlagged(id: string, executor: Executor = db): Promise<boolean> {
      const [row] = await executor
        .select({ needsReview: orders.needsReview })
        .from(orders)
        .where(eq(orders.id, id))
      return row?.needsReview ?? false
    },

    /** The latest attempt on the order's open page was declined; the order still waits for payment. */
    async noteDecline(id: string, reason: string): Promise<void> {
      await db
        .update(orders)
        .set({ failureReason: reason })
        .where(and(eq(orders.id, id), eq(orders.status, 'pending_payment')))
    },
  }
}

import { and, asc, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import type { Executor, Transaction } from '../../db/unit-of-work.js'
import { orders } from '../../db/schema/index.js'
import {
  claimExpired,
  recordStatus,
  withItems,
  withoutPage,
  type OrderRow,
  type OrderWithItems,
} from './order-rows.repository.js'

/**
 * The payment page of an order: claimed by the one request that asks the provider for it,
 * stored once, or given up when it can no longer be made (decision 120).
 */
export function createOrderPages(db: Database) {
  return {
    /**
     * Orders of this e-mail still waiting for payment, their page open (or, before it was
     * made, within the payment window of their creation): each holds its units.
     */
    async countOpenUnpaid(email: string, windowMinutes: number): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(orders)
        .where(
          and(
            eq(orders.status, 'pending_payment'),
            sql`lower(${orders.customer}->>'email') = ${email.trim().toLowerCase()}`,
            sql`coalesce(${orders.payableUntil}, ${orders.createdAt} + make_interval(mins => ${windowMinutes})) > now()`,
          ),
        )
      return Number(row?.count ?? 0)
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
      return (await withItems(db, rows))[0] ?? null
    },

    /**
     * Stores the page unless another claimant stored one first (a slow request after a
     * takeover); either way the answer is the page the order now has, so every caller
     * hands out the same link.
     */
    async setPaymentPage(
      id: string,
      page: { pageRequestUid: string; paymentLink: string },
      lifetimeMinutes: number,
    ): Promise<OrderRow | null> {
      const [stored] = await db
        .update(orders)
        .set({
          ...page,
          // The page was asked for with this expiry_datetime just now: it closes no earlier than this.
          payableUntil: sql`now() + make_interval(mins => ${lifetimeMinutes})`,
          pageClaimedUntil: null,
          updatedAt: sql`now()`,
        })
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
      executor?: Transaction,
    ): Promise<OrderRow | null> {
      const move = async (tx: Executor) => {
        const [row] = await tx
          .update(orders)
          .set({ status: to, failureReason, pageClaimedUntil: null, updatedAt: sql`now()` })
          .where(and(eq(orders.id, id), withoutPage()))
          .returning()
        if (!row) return null
        await recordStatus(tx, id, to, null)
        return row
      }
      return executor ? move(executor) : db.transaction(move)
    },
  }
}

import { and, count, desc, eq, isNull, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { orders } from '../../db/schema/index.js'
import { isOpenOrder, ordersOfShopper } from '../../db/personal-data.js'
import { withItems, type OrderWithItems } from './order-rows.repository.js'

/** A shopper's own orders (decision 230): every read is scoped by the account's subject. */
export function createOrderAccounts(db: Database) {
  return {
    /** Newest first. */
    async findPageOfAccount(subject: string, page: { limit: number; offset: number }) {
      const where = eq(orders.accountSubject, subject)
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(orders)
          .where(where)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ value: count() }).from(orders).where(where),
      ])
      return { rows: await withItems(db, rows), total: total?.value ?? 0 }
    },

    /** The order only when it is this account's; null for anyone else's, as for a missing one. */
    async findOfAccount(subject: string, id: string): Promise<OrderWithItems | null> {
      const rows = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), eq(orders.accountSubject, subject)))
      return (await withItems(db, rows))[0] ?? null
    },

    /**
     * The shopper's orders still open (decision 254): the account's, and the guest orders of
     * its confirmed e-mail, as deleting the account would reach them.
     */
    async countOpen(who: { subject: string; confirmedEmail: string | null }): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(orders)
        .where(and(ordersOfShopper(who), isOpenOrder()))
      return row?.value ?? 0
    },

    /** Links the guest orders placed with this e-mail (any case) to the account; how many. */
    async claimByEmail(subject: string, email: string): Promise<number> {
      const rows = await db
        .update(orders)
        .set({ accountSubject: subject, updatedAt: sql`now()` })
        .where(
          and(
            isNull(orders.accountSubject),
            sql`lower(${orders.customer}->>'email') = ${email.toLowerCase()}`,
          ),
        )
        .returning({ id: orders.id })
      return rows.length
    },
  }
}

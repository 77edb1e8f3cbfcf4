import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import type { Executor, Transaction } from '../../db/unit-of-work.js'
import { emailConfirmations, stockAlerts } from '../../db/schema/index.js'

export type StockAlertRow = typeof stockAlerts.$inferSelect
export type NewStockAlert = Omit<typeof stockAlerts.$inferInsert, 'id'>
/** One size (or package) alerts wait for. */
export type AlertKey = { itemType: 'Product' | 'Package'; itemId: string; size: string }

const sameKey = (key: AlertKey) =>
  and(
    eq(stockAlerts.itemType, key.itemType),
    eq(stockAlerts.itemId, key.itemId),
    eq(stockAlerts.size, key.size),
  )

/** The back-in-stock alerts (decision 277): the only Drizzle code of the module. */
export function createStockAlertsRepository(db: Database) {
  return {
    /** Whether this address already waits for this size. */
    async isWaiting(email: string, key: AlertKey): Promise<boolean> {
      const [row] = await db
        .select({ id: stockAlerts.id })
        .from(stockAlerts)
        .where(and(eq(stockAlerts.email, email), sameKey(key)))
      return row !== undefined
    },

    /** How many sizes wait for this mailbox (aliases together). */
    async countForMailbox(mailbox: string): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(stockAlerts)
        .where(eq(stockAlerts.mailbox, mailbox))
      return row?.value ?? 0
    },

    /**
     * Whether a link for this address and size went out in the last `withinSeconds` and is
     * still unused: a second press of the button sends no second mail.
     */
    async hasRecentLink(email: string, key: AlertKey, withinSeconds: number): Promise<boolean> {
      const [row] = await db
        .select({ id: emailConfirmations.id })
        .from(emailConfirmations)
        .where(
          and(
            eq(emailConfirmations.purpose, 'stock-alert'),
            eq(emailConfirmations.email, email),
            isNull(emailConfirmations.confirmedAt),
            gt(emailConfirmations.requestedAt, sql`now() - make_interval(secs => ${withinSeconds})`),
            sql`${emailConfirmations.payload} @> ${JSON.stringify(key)}::jsonb`,
          ),
        )
        .limit(1)
      return row !== undefined
    },

    /** Stores a confirmed alert; nothing when this confirmation or this address and size already have one. */
    async insert(values: NewStockAlert): Promise<void> {
      await db.insert(stockAlerts).values(values).onConflictDoNothing()
    },

    /** Every size some alert waits for, with how many wait, the most-awaited first. */
    async waitingCounts(): Promise<Array<AlertKey & { waiting: number }>> {
      const waiting = count()
      return db
        .select({
          itemType: stockAlerts.itemType,
          itemId: stockAlerts.itemId,
          size: stockAlerts.size,
          waiting,
        })
        .from(stockAlerts)
        .groupBy(stockAlerts.itemType, stockAlerts.itemId, stockAlerts.size)
        .orderBy(desc(waiting), stockAlerts.itemId, stockAlerts.size)
    },

    /**
     * Takes the alerts of one size out, in the caller's transaction: the rows deleted here
     * are the ones this caller mails. Another process sweeping at the same time deletes none
     * of them again, so each alert is mailed once.
     */
    async take(tx: Transaction, key: AlertKey): Promise<StockAlertRow[]> {
      return tx.delete(stockAlerts).where(sameKey(key)).returning()
    },

    /** Drops the alerts of a size (the owner's choice, or its product deleted): how many. */
    async drop(key: AlertKey, executor: Executor = db): Promise<number> {
      const rows = await executor.delete(stockAlerts).where(sameKey(key)).returning({ id: stockAlerts.id })
      return rows.length
    },
  }
}
export type StockAlertsRepository = ReturnType<typeof createStockAlertsRepository>

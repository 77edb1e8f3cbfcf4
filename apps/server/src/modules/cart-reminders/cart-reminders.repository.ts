import { and, asc, eq, gte, isNull, lte, or, sql } from 'drizzle-orm'
import { SOLD_STATUSES } from '@tavlin/contracts'
import type { Database } from '../../db/client.js'
import type { Executor } from '../../db/unit-of-work.js'
import { cartReminders, orderItems, orders } from '../../db/schema/index.js'

export type ReminderRow = typeof cartReminders.$inferSelect

/** An unpaid order the job may remind of: who, and what was in it. */
export type LeftCheckout = {
  orderId: string
  number: number
  email: string
  firstName: string
  createdAt: Date
}

const emailOf = sql<string>`lower(${orders.customer}->>'email')`
const soldStatuses = sql.join(
  SOLD_STATUSES.map((status) => sql`${status}`),
  sql`, `,
)

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}

/**
 * Reminders of checkouts left half-way (decision 282). The candidates are read from the orders
 * table, as the dashboard's figures are (the orders module owns it; nothing here writes to it).
 */
export function createCartRemindersRepository(db: Database) {
  return { ...leftCheckouts(db), ...reminders(db) }
}
export type CartRemindersRepository = ReturnType<typeof createCartRemindersRepository>

/** The orders side: which unpaid orders may be reminded of, and what was in them. */
function leftCheckouts(db: Database) {
  return {
    /**
     * Orders whose page ran out unpaid (or whose card was declined), filled between `from` and
     * `until`, with their personal details still there, that were never reminded of, whose
     * address got no reminder since `onceSince`, and whose shopper has ordered or paid nothing since.
     */
    async findLeftCheckouts(window: { from: Date; until: Date; onceSince: Date }, limit: number) {
      const later = sql`select 1 from ${orders} as later where lower(later.customer->>'email') = ${emailOf}
        and (later.created_at > ${orders.createdAt} or later.paid_at > ${orders.createdAt})`
      return db
        .select({
          orderId: orders.id,
          number: orders.number,
          email: emailOf,
          firstName: sql<string>`${orders.customer}->>'firstName'`,
          createdAt: orders.createdAt,
        })
        .from(orders)
        .where(
          and(
            or(
              and(eq(orders.status, 'cancelled'), sql`${orders.failureReason} like 'payment timeout%'`),
              and(eq(orders.status, 'failed'), sql`${orders.failureReason} like 'declined%'`),
            ),
            isNull(orders.paidAt),
            isNull(orders.personalDataErasedAt),
            isNull(orders.erasureRequestedAt),
            gte(orders.createdAt, window.from),
            lte(orders.createdAt, window.until),
            sql`not exists (select 1 from ${cartReminders} where ${cartReminders.orderId} = ${orders.id})`,
            sql`not exists (select 1 from ${cartReminders} where ${cartReminders.email} = ${emailOf}
              and ${cartReminders.sentAt} > ${window.onceSince.toISOString()}::timestamptz)`,
            sql`not exists (${later})`,
          ),
        )
        .orderBy(asc(orders.createdAt))
        .limit(limit) as Promise<LeftCheckout[]>
    },

    async findLines(orderId: string, executor: Executor = db) {
      return executor
        .select({
          itemId: orderItems.itemId,
          itemType: orderItems.itemType,
          name: orderItems.name,
          size: orderItems.size,
          unitPriceAgorot: orderItems.unitPriceAgorot,
          quantity: orderItems.quantity,
        })
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId))
        .orderBy(asc(orderItems.position))
    },
  }
}

/** The reminders themselves: written once per order, the link used once, the dashboard's count. */
function reminders(db: Database) {
  return {
    /** The reminder's row, or null when another process wrote this order's first (the unique index). */
    async insert(tx: Executor, row: typeof cartReminders.$inferInsert): Promise<ReminderRow | null> {
      const [inserted] = await tx
        .insert(cartReminders)
        .values(row)
        .onConflictDoNothing({ target: cartReminders.orderId })
        .returning()
      return inserted ?? null
    },

    async findById(id: string): Promise<(ReminderRow & { orderNumber: number }) | undefined> {
      const [row] = await db
        .select({ reminder: cartReminders, orderNumber: orders.number })
        .from(cartReminders)
        .innerJoin(orders, eq(orders.id, cartReminders.orderId))
        .where(eq(cartReminders.id, id))
      return row ? { ...row.reminder, orderNumber: row.orderNumber } : undefined
    },

    /** Marks the link used; false when it already was (two clicks at once restore once). */
    async markRestored(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(cartReminders)
        .set({ restoredAt: at })
        .where(and(eq(cartReminders.id, id), isNull(cartReminders.restoredAt)))
        .returning({ id: cartReminders.id })
      return rows.length > 0
    },

    /**
     * Reminders sent since `since`, and those after which the same address paid an order
     * within `followDays` (the first such order's total counts).
     */
    async stats(since: Date, followDays: number) {
      const result = await db.execute(sql`
        select count(*)::int as sent, count(followed.id)::int as followed,
          coalesce(sum(followed.total_agorot), 0)::int as followed_total
        from ${cartReminders} as r
        left join lateral (
          select o.id, o.total_agorot from ${orders} as o
          where lower(o.customer->>'email') = r.email and o.status in (${soldStatuses})
            and o.paid_at > r.sent_at and o.paid_at <= r.sent_at + make_interval(days => ${followDays})
          order by o.paid_at limit 1
        ) as followed on true
        where r.sent_at >= ${since.toISOString()}::timestamptz`)
      const [row] = rowsOf<{ sent: number; followed: number; followed_total: number }>(result)
      return {
        sent: row?.sent ?? 0,
        followed: row?.followed ?? 0,
        followedTotalAgorot: row?.followed_total ?? 0,
      }
    },
  }
}

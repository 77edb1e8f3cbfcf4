import { sql, type SQL } from 'drizzle-orm'
import { LATE_AFTER_DAYS, SHOP_TIME_ZONE, SOLD_STATUSES } from '@tavlin/contracts'
import type { Database } from '../../db/client.js'

/**
 * The dashboard's figures, each one SQL aggregate (issue 21). Days and weeks are the shop's
 * own (Asia/Jerusalem): a boundary is found in local time and then turned back into an
 * instant, so a day is 23 or 25 hours long across a daylight-saving change, as on the wall.
 */

export type PeriodBounds = {
  todayStart: Date
  yesterdayStart: Date
  yesterdaySameTime: Date
  weekStart: Date
  lastWeekStart: Date
  lastWeekSameTime: Date
}

export type SalesFigure = { totalAgorot: number; orders: number }

const zone = sql.raw(`'${SHOP_TIME_ZONE}'`)
const sold = sql.raw(SOLD_STATUSES.map((status) => `'${status}'`).join(', '))

function rowsOf<T>(result: unknown): T[] {
  // node-postgres answers { rows }, PGlite's Drizzle driver too; both through db.execute.
  return (result as { rows: T[] }).rows
}

async function query<T>(db: Database, statement: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(statement))
}

const queries = {
  /** Israeli weeks start on Sunday. */
  async periodBounds(db: Database, now: Date): Promise<PeriodBounds> {
    const [row] = await query<Record<keyof PeriodBounds, string>>(
      db,
      sql`
      select
        (today at time zone ${zone}) as "todayStart",
        ((today - interval '1 day') at time zone ${zone}) as "yesterdayStart",
        ((local_now - interval '1 day') at time zone ${zone}) as "yesterdaySameTime",
        (week at time zone ${zone}) as "weekStart",
        ((week - interval '7 days') at time zone ${zone}) as "lastWeekStart",
        ((local_now - interval '7 days') at time zone ${zone}) as "lastWeekSameTime"
      from (select ${now.toISOString()}::timestamptz at time zone ${zone} as local_now) n,
      lateral (select date_trunc('day', local_now) as today,
                      date_trunc('week', local_now + interval '1 day') - interval '1 day' as week) b`,
    )
    return Object.fromEntries(
      Object.entries(row!).map(([key, value]) => [key, new Date(value)]),
    ) as PeriodBounds
  },

  /** The instant of local midnight `daysBack` days before today. */
  async dayStart(db: Database, now: Date, daysBack: number): Promise<Date> {
    const [row] = await query<{ start: string }>(
      db,
      sql`select ((date_trunc('day', ${now.toISOString()}::timestamptz at time zone ${zone})
                   - make_interval(days => ${daysBack})) at time zone ${zone}) as start`,
    )
    return new Date(row!.start)
  },

  async salesBetween(db: Database, from: Date, to: Date): Promise<SalesFigure> {
    const [row] = await query<{ total: string; orders: string }>(
      db,
      sql`
      select coalesce(sum(total_agorot), 0) as total, count(*) as orders
      from orders
      where status in (${sold}) and paid_at >= ${from.toISOString()}::timestamptz
        and paid_at < ${to.toISOString()}::timestamptz`,
    )
    return { totalAgorot: Number(row!.total), orders: Number(row!.orders) }
  },

  /** One row per local day, the last `days` days up to today, empty days included. */
  async salesByDay(db: Database, now: Date, days: number) {
    const rows = await query<{ day: string; total: string; orders: string }>(
      db,
      sql`
      with local_today as (
        select date_trunc('day', ${now.toISOString()}::timestamptz at time zone ${zone}) as today
      )
      select to_char(d, 'YYYY-MM-DD') as day, coalesce(sum(o.total_agorot), 0) as total,
             count(o.id) as orders
      from local_today,
           generate_series(today - make_interval(days => ${days - 1}), today, interval '1 day') d
      left join orders o on o.status in (${sold})
        and o.paid_at >= (d at time zone ${zone})
        and o.paid_at < ((d + interval '1 day') at time zone ${zone})
      group by d order by d`,
    )
    return rows.map((row) => ({ day: row.day, totalAgorot: Number(row.total), orders: Number(row.orders) }))
  },

  async ordersByStatus(db: Database) {
    const rows = await query<{ status: string; orders: string }>(
      db,
      sql`select status, count(*) as orders from orders group by status`,
    )
    return new Map(rows.map((row) => [row.status, Number(row.orders)]))
  },

  async ordersWaiting(db: Database, now: Date) {
    const [row] = await query<{ to_prepare: string; late: string }>(
      db,
      sql`
      select count(*) filter (where status = 'paid') as to_prepare,
             count(*) filter (where status in ('paid', 'preparing')
               and paid_at < ${now.toISOString()}::timestamptz - make_interval(days => ${LATE_AFTER_DAYS}))
               as late
      from orders`,
    )
    return { ordersToPrepare: Number(row!.to_prepare), ordersLate: Number(row!.late) }
  },

  /** Revenue of the items sold since `from`, under the name each was last sold by. */
  async topItems(db: Database, from: Date, limit: number) {
    const rows = await query<{ item_id: string; name: string; revenue: string; quantity: string }>(
      db,
      sql`
      select i.item_id, (array_agg(i.name order by o.paid_at desc))[1] as name,
             sum(i.unit_price_agorot::bigint * i.quantity) as revenue, sum(i.quantity) as quantity
      from order_items i join orders o on o.id = i.order_id
      where o.status in (${sold}) and o.paid_at >= ${from.toISOString()}::timestamptz
      group by i.item_id
      order by revenue desc, name
      limit ${limit}`,
    )
    return rows.map((row) => ({
      itemId: row.item_id,
      name: row.name,
      revenueAgorot: Number(row.revenue),
      quantity: Number(row.quantity),
    }))
  },

  async cancellationsToDecide(db: Database): Promise<number> {
    const [row] = await query<{ open: string }>(
      db,
      sql`select count(*) as open from cancellation_requests where status = 'open'`,
    )
    return Number(row!.open)
  },

  /** Sizes and packages whose count is at or under the threshold (untracked ones are not counted). */
  async lowStock(db: Database, threshold: number): Promise<{ count: number; tracked: number }> {
    const [row] = await query<{ low: string; tracked: string }>(
      db,
      sql`
      select (select count(*) from product_sizes where stock <= ${threshold})
           + (select count(*) from packages where stock <= ${threshold}) as low,
             (select count(*) from product_sizes where stock is not null)
           + (select count(*) from packages where stock is not null) as tracked`,
    )
    return { count: Number(row!.low), tracked: Number(row!.tracked) }
  },

  async submissionsToAnswer(db: Database): Promise<number> {
    const [row] = await query<{ waiting: string }>(
      db,
      sql`
      select (select count(*) from event_inquiries where handled_at is null)
           + (select count(*) from contact_messages where handled_at is null) as waiting`,
    )
    return Number(row!.waiting)
  },
}

type Queries = typeof queries
type BoundQueries = {
  [K in keyof Queries]: Queries[K] extends (db: Database, ...args: infer A) => infer R
    ? (...args: A) => R
    : never
}

export function createDashboardRepository(db: Database): BoundQueries {
  const bound = Object.entries(queries).map(([name, run]) => [
    name,
    (...args: unknown[]) => (run as (db: Database, ...rest: unknown[]) => unknown)(db, ...args),
  ])
  return Object.fromEntries(bound) as BoundQueries
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>

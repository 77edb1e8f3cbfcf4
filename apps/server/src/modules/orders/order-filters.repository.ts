import { and, asc, desc, eq, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm'
import { LATE_AFTER_DAYS, SHOP_TIME_ZONE, type AdminOrderSort, type OrderStatus } from '@tavlin/contracts'
import { orders } from '../../db/schema/index.js'

/** What the admin orders list and the accountant's export filter by (issue 21). */
export type OrderFilter = {
  status?: OrderStatus | undefined
  search?: string | undefined
  /** Days in the shop's time zone, both included. */
  from?: string | undefined
  to?: string | undefined
  late?: boolean | undefined
}

const zone = sql.raw(`'${SHOP_TIME_ZONE}'`)

/** `%`, `_` and `\` in a search are literal characters, not patterns. */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

function searchCondition(search: string): SQL {
  const pattern = likeContains(search)
  const matches: SQL[] = [
    ilike(sql`'TV-' || ${orders.number}::text`, pattern),
    ilike(sql`${orders.customer} ->> 'email'`, pattern),
    ilike(sql`(${orders.customer} ->> 'firstName') || ' ' || (${orders.customer} ->> 'lastName')`, pattern),
  ]
  // A phone is typed with or without dashes and spaces, and as +972…; phones are stored as
  // 05… (decision 225), so compare digits with digits, the country code read as 0.
  const digits = search.replace(/\D/g, '').replace(/^972/, '0')
  if (digits.length >= 3) {
    matches.push(sql`regexp_replace(${orders.customer} ->> 'phone', '\\D', '', 'g') like ${`%${digits}%`}`)
  }
  return or(...matches)!
}

export function orderFilterWhere(filter: OrderFilter): SQL | undefined {
  const conditions: SQL[] = []
  if (filter.status) conditions.push(eq(orders.status, filter.status))
  if (filter.search) conditions.push(searchCondition(filter.search))
  if (filter.from)
    conditions.push(sql`${orders.createdAt} >= (${filter.from}::date::timestamp at time zone ${zone})`)
  if (filter.to) {
    conditions.push(sql`${orders.createdAt} < ((${filter.to}::date + 1)::timestamp at time zone ${zone})`)
  }
  if (filter.late) {
    conditions.push(
      inArray(orders.status, ['paid', 'preparing']),
      lt(orders.paidAt, sql`now() - make_interval(days => ${LATE_AFTER_DAYS})`),
    )
  }
  return conditions.length > 0 ? and(...conditions) : undefined
}

export function orderSortBy(sort: AdminOrderSort = 'newest'): SQL[] {
  switch (sort) {
    case 'oldest':
      return [asc(orders.createdAt), asc(orders.id)]
    case 'total_desc':
      return [desc(orders.totalAgorot), desc(orders.createdAt), desc(orders.id)]
    case 'total_asc':
      return [asc(orders.totalAgorot), desc(orders.createdAt), desc(orders.id)]
    default:
      return [desc(orders.createdAt), desc(orders.id)]
  }
}

import { z } from 'zod'
import { SHOP_TIME_ZONE } from '../forms/forms.schemas.js'
import { StockAlertCountsSchema } from '../catalog/stock-alert.schemas.js'
import { ORDER_STATUSES } from '../orders/order-status.js'
import { CartReminderStatsSchema } from '../orders/cart-reminder.schemas.js'

export const DASHBOARD_TOP_PERIODS = [7, 30, 90, 365] as const

export const DashboardQuerySchema = z.object({
  /** Days back, counting today, for the best-selling products. */
  topDays: z.coerce
    .number()
    .int()
    .refine((days) => (DASHBOARD_TOP_PERIODS as readonly number[]).includes(days))
    .default(30),
})
export type DashboardQuery = z.infer<typeof DashboardQuerySchema>

/** Paid sales in a period and in the one before it, up to the same point in time. */
export const SalesComparisonSchema = z.object({
  from: z.string(),
  totalAgorot: z.number().int(),
  orders: z.number().int(),
  previousTotalAgorot: z.number().int(),
  previousOrders: z.number().int(),
  /** Percentage change of the total; null when the previous period sold nothing. */
  changePercent: z.number().nullable(),
})
export type SalesComparison = z.infer<typeof SalesComparisonSchema>

export const DashboardSchema = z.object({
  generatedAt: z.string(),
  timeZone: z.literal(SHOP_TIME_ZONE),
  today: SalesComparisonSchema,
  week: SalesComparisonSchema,
  /** Paid, not yet being prepared. */
  ordersToPrepare: z.number().int(),
  /** Paid or preparing for more than two days without being shipped. */
  ordersLate: z.number().int(),
  /** Event inquiries and contact messages no one has marked as handled. */
  submissionsToAnswer: z.number().int(),
  /** Notices of cancellation (ביטול עסקה) no administrator has decided on yet. */
  cancellationsToDecide: z.number().int(),
  /** Sizes and packages at or under the owner's low-stock threshold; `tracked` counts those with a stock count at all. */
  lowStock: z.object({ count: z.number().int(), threshold: z.number().int(), tracked: z.number().int() }),
  /** Back-in-stock alerts waiting (decision 277): all of them, and the most-awaited sizes (at most DASHBOARD_STOCK_ALERT_ROWS). */
  stockAlerts: StockAlertCountsSchema,
  /** Reminders of a checkout left half-way, and the paid orders that followed (issue 36). */
  cartReminders: CartReminderStatsSchema,
  salesByDay: z.array(z.object({ day: z.string(), totalAgorot: z.number().int(), orders: z.number().int() })),
  ordersByStatus: z.array(z.object({ status: z.enum(ORDER_STATUSES), orders: z.number().int() })),
  topProducts: z.object({
    days: z.number().int(),
    items: z.array(
      z.object({
        itemId: z.string(),
        name: z.string(),
        revenueAgorot: z.number().int(),
        quantity: z.number().int(),
      }),
    ),
  }),
})
export type Dashboard = z.infer<typeof DashboardSchema>

/** Statuses that count as a sale: the money came in and was not given back. */
export const SOLD_STATUSES = ['paid', 'preparing', 'shipped', 'delivered'] as const

/** How many of the most-awaited sizes the dashboard lists. */
export const DASHBOARD_STOCK_ALERT_ROWS = 5

/** How long a paid order may wait before the dashboard calls it late. */
export const LATE_AFTER_DAYS = 2

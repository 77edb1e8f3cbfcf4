import {
  DASHBOARD_STOCK_ALERT_ROWS,
  ORDER_STATUSES,
  SHOP_TIME_ZONE,
  type Dashboard,
  type DashboardQuery,
  type SalesComparison,
  type StockAlertCounts,
  type CartReminderStats,
} from '@tavlin/contracts'
import type { DashboardRepository, SalesFigure } from './dashboard.repository.js'

/** Days of paid sales the chart shows. */
export const SALES_CHART_DAYS = 30
const TOP_ITEMS = 10

export type DashboardServiceOptions = {
  repository: DashboardRepository
  /** The owner's low-stock threshold (a shop setting, decision 221). */
  lowStockThreshold: () => Promise<number>
  /** How many wait for each sold-out size (decision 277); absent: none. */
  stockAlerts?: () => Promise<StockAlertCounts>
  /** Reminders of checkouts left half-way and the orders that followed (issue 36, decision 282). */
  cartReminders: (now: Date) => Promise<CartReminderStats>
  now?: () => Date
  /**
   * The owner opens the dashboard several times a morning and on several tabs; a few
   * seconds of reuse spares the database without hiding a new order for long.
   */
  cacheMilliseconds?: number
}

function comparison(from: Date, current: SalesFigure, previous: SalesFigure): SalesComparison {
  return {
    from: from.toISOString(),
    totalAgorot: current.totalAgorot,
    orders: current.orders,
    previousTotalAgorot: previous.totalAgorot,
    previousOrders: previous.orders,
    changePercent:
      previous.totalAgorot === 0
        ? null
        : Math.round(((current.totalAgorot - previous.totalAgorot) / previous.totalAgorot) * 1000) / 10,
  }
}

const NO_ALERTS: StockAlertCounts = { total: 0, items: [] }

async function computeDashboard(
  { repository, stockAlerts }: DashboardServiceOptions,
  now: Date,
  topDays: number,
  lowStockThreshold: number,
  cartReminders: CartReminderStats,
): Promise<Dashboard> {
  const bounds = await repository.periodBounds(now)
  const [
    today,
    yesterday,
    week,
    lastWeek,
    salesByDay,
    byStatus,
    waiting,
    submissions,
    topFrom,
    cancellations,
    lowStock,
    alerts,
  ] = await Promise.all([
    repository.salesBetween(bounds.todayStart, now),
    repository.salesBetween(bounds.yesterdayStart, bounds.yesterdaySameTime),
    repository.salesBetween(bounds.weekStart, now),
    repository.salesBetween(bounds.lastWeekStart, bounds.lastWeekSameTime),
    repository.salesByDay(now, SALES_CHART_DAYS),
    repository.ordersByStatus(),
    repository.ordersWaiting(now),
    repository.submissionsToAnswer(),
    repository.dayStart(now, topDays - 1),
    repository.cancellationsToDecide(),
    repository.lowStock(lowStockThreshold),
    stockAlerts ? stockAlerts() : NO_ALERTS,
  ])
  return {
    generatedAt: now.toISOString(),
    timeZone: SHOP_TIME_ZONE,
    today: comparison(bounds.todayStart, today, yesterday),
    week: comparison(bounds.weekStart, week, lastWeek),
    ...waiting,
    submissionsToAnswer: submissions,
    cancellationsToDecide: cancellations,
    lowStock: { ...lowStock, threshold: lowStockThreshold },
    stockAlerts: { total: alerts.total, items: alerts.items.slice(0, DASHBOARD_STOCK_ALERT_ROWS) },
    cartReminders,
    salesByDay,
    ordersByStatus: ORDER_STATUSES.map((status) => ({ status, orders: byStatus.get(status) ?? 0 })),
    topProducts: { days: topDays, items: await repository.topItems(topFrom, TOP_ITEMS) },
  }
}

export function createDashboardService(options: DashboardServiceOptions) {
  const { lowStockThreshold, cartReminders, now = () => new Date(), cacheMilliseconds = 10_000 } = options
  const cache = new Map<number, { at: number; dashboard: Promise<Dashboard> }>()
  return {
    async dashboard(query: DashboardQuery): Promise<Dashboard> {
      const at = now()
      const kept = cache.get(query.topDays)
      if (kept && at.getTime() - kept.at < cacheMilliseconds) return kept.dashboard
      const dashboard = Promise.all([lowStockThreshold(), cartReminders(at)]).then(([threshold, reminders]) =>
        computeDashboard(options, at, query.topDays, threshold, reminders),
      )
      cache.set(query.topDays, { at: at.getTime(), dashboard })
      dashboard.catch(() => cache.delete(query.topDays))
      return dashboard
    },
  }
}

export type DashboardService = ReturnType<typeof createDashboardService>

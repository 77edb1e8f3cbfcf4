import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useTranslation } from '../../lib/i18n'
import {
  PACKAGE_SIZE,
  SHOP_TIME_ZONE,
  toShekels,
  type Dashboard,
  type SalesComparison,
} from '@tavlin/contracts'
import { Price } from '../../components/commerce/price'

const shopDay = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE })

/** The admin orders list behind a figure, filtered as the figure was counted. */
export function ordersLink(filter: Record<string, string>): string {
  return `/admin?${new URLSearchParams({ section: 'orders', ...filter }).toString()}`
}

type StatCardProps = { label: string; to: string; value: ReactNode; detail?: ReactNode }

function StatCard({ label, to, value, detail }: StatCardProps) {
  return (
    <li className="rounded-xl border border-line bg-surface">
      <Link to={to} className="flex h-full flex-col gap-1 p-4 hover:bg-surface-2 focus-visible:outline-2">
        <span className="text-sm text-muted">{label}</span>
        <span className="text-2xl font-bold">{value}</span>
        {detail && <span className="text-sm">{detail}</span>}
      </Link>
    </li>
  )
}

function Change({ sales, kind }: { sales: SalesComparison; kind: 'today' | 'week' }) {
  const { t } = useTranslation()
  const previous = <Price amount={toShekels(sales.previousTotalAgorot)} />
  if (sales.changePercent === null) {
    return <span className="text-muted">{t(`admin.dashboard.noPrevious.${kind}`)}</span>
  }
  const up = sales.changePercent >= 0
  return (
    <span className={up ? 'text-olive' : 'text-primary'}>
      <span aria-hidden="true">{up ? '▲' : '▼'} </span>
      {t(up ? 'admin.dashboard.up' : 'admin.dashboard.down', {
        percent: Math.abs(sales.changePercent),
        previous: t(`admin.dashboard.previous.${kind}`),
      })}{' '}
      <span className="text-muted">({previous})</span>
    </span>
  )
}

function SalesCard({ sales, kind }: { sales: SalesComparison; kind: 'today' | 'week' }) {
  const { t } = useTranslation()
  const from = shopDay.format(new Date(sales.from))
  return (
    <StatCard
      label={t(`admin.dashboard.sales.${kind}`)}
      to={ordersLink(kind === 'today' ? { from, to: from } : { from })}
      value={<Price amount={toShekels(sales.totalAgorot)} />}
      detail={
        <>
          {t('admin.dashboard.orderCount', { count: sales.orders })} · <Change sales={sales} kind={kind} />
        </>
      }
    />
  )
}

/** How many sizes and packages are at or under the low-stock threshold (issue 19); none while no stock is tracked. */
function LowStockCard({ lowStock }: { lowStock: Dashboard['lowStock'] }) {
  const { t } = useTranslation()
  if (lowStock.tracked === 0) return null
  return (
    <StatCard
      label={t('admin.stock.lowCard')}
      to="/admin?section=stock"
      value={lowStock.count}
      detail={t('admin.stock.lowCardDetail', { threshold: lowStock.threshold })}
    />
  )
}

/** How many shoppers wait for sold-out sizes (decision 277), and the most-awaited one; none while nobody waits. */
function StockAlertsCard({ alerts }: { alerts: Dashboard['stockAlerts'] }) {
  const { t } = useTranslation()
  const [top] = alerts.items
  if (alerts.total === 0 || !top) return null
  const label = top.size === PACKAGE_SIZE ? top.name : `${top.name} (${top.size})`
  return (
    <StatCard
      label={t('admin.stock.alertsCard')}
      to="/admin?section=stock"
      value={alerts.total}
      detail={`${t('admin.stock.alertsCardDetail', { count: alerts.items.length })} · ${label}: ${top.waiting}`}
    />
  )
}

/**
 * Reminders of checkouts left half-way sent in the last days, and the paid orders that followed
 * them (issue 36); shown once the owner turned them on, or while some were sent.
 */
function CartRemindersCard({ reminders }: { reminders: Dashboard['cartReminders'] }) {
  const { t } = useTranslation()
  if (!reminders.enabled && reminders.sent === 0) return null
  return (
    <StatCard
      label={t('admin.dashboard.cartReminders', { days: reminders.days })}
      to="/admin?section=settings"
      value={reminders.sent}
      detail={
        <>
          {t('admin.dashboard.cartRemindersFollowed', { count: reminders.ordersFollowed })}
          {reminders.ordersFollowed > 0 && (
            <>
              {' · '}
              <Price amount={toShekels(reminders.followedTotalAgorot)} />
            </>
          )}
        </>
      }
    />
  )
}

/** The figures an owner reads first, each a link to the list it counts. */
export function StatCards({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useTranslation()
  return (
    <ul
      className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3"
      aria-label={t('admin.dashboard.figures')}
    >
      <SalesCard sales={dashboard.today} kind="today" />
      <SalesCard sales={dashboard.week} kind="week" />
      <StatCard
        label={t('admin.dashboard.toPrepare')}
        to={ordersLink({ status: 'paid' })}
        value={dashboard.ordersToPrepare}
      />
      <StatCard
        label={t('admin.dashboard.late')}
        to={ordersLink({ late: 'true' })}
        value={dashboard.ordersLate}
      />
      <StatCard
        label={t('admin.dashboard.toAnswer')}
        to="/admin?section=submissions"
        value={dashboard.submissionsToAnswer}
      />
      <StatCard
        label={t('admin.dashboard.toDecide')}
        to="/admin?section=cancellations"
        value={dashboard.cancellationsToDecide}
      />
      <LowStockCard lowStock={dashboard.lowStock} />
      <StockAlertsCard alerts={dashboard.stockAlerts} />
      <CartRemindersCard reminders={dashboard.cartReminders} />
    </ul>
  )
}

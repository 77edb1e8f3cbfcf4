import { useState } from 'react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useTranslation } from '../../lib/i18n'
import {
  DASHBOARD_TOP_PERIODS,
  SHOP_TIME_ZONE,
  formatWholeShekels,
  toShekels,
  type Dashboard,
} from '@tavlin/contracts'
import { dashboardQueries } from '../../api/dashboard'
import { Price } from '../../components/commerce/price'
import { selectClass } from '../../components/ui/data-table'
import { Spinner } from '../../components/ui/spinner'
import { useApiErrorText } from '../../hooks/use-api-error-text'
import { BarChart } from './bar-chart'
import { StatCards } from './stat-cards'

const dayLabel = new Intl.DateTimeFormat('he-IL', { day: 'numeric', month: 'numeric', timeZone: 'UTC' })

function SalesByDay({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useTranslation()
  return (
    <BarChart
      title={t('admin.dashboard.salesByDay')}
      layout="columns"
      labelHeading={t('admin.dashboard.day')}
      valueHeading={t('admin.dashboard.sales.amount')}
      data={dashboard.salesByDay.map((day) => ({
        key: day.day,
        label: dayLabel.format(new Date(`${day.day}T00:00:00Z`)),
        value: toShekels(day.totalAgorot),
        display: <Price amount={toShekels(day.totalAgorot)} />,
      }))}
      formatValue={formatWholeShekels}
    />
  )
}

function OrdersByStatus({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useTranslation()
  return (
    <BarChart
      title={t('admin.dashboard.ordersByStatus')}
      layout="rows"
      height={260}
      labelHeading={t('admin.orders.status')}
      valueHeading={t('admin.dashboard.orders')}
      data={dashboard.ordersByStatus.map((entry) => ({
        key: entry.status,
        label: t(`admin.orders.statuses.${entry.status}`),
        value: entry.orders,
        display: entry.orders,
      }))}
    />
  )
}

function TopProducts({ dashboard, onDays }: { dashboard: Dashboard; onDays: (days: number) => void }) {
  const { t } = useTranslation()
  const { items, days } = dashboard.topProducts
  return (
    <div className="flex flex-col gap-2">
      <label className="flex items-center gap-2 text-sm font-semibold">
        {t('admin.dashboard.topPeriod')}
        <select className={selectClass} value={days} onChange={(event) => onDays(Number(event.target.value))}>
          {DASHBOARD_TOP_PERIODS.map((period) => (
            <option key={period} value={period}>
              {t('admin.dashboard.lastDays', { count: period })}
            </option>
          ))}
        </select>
      </label>
      {items.length === 0 ? (
        <p className="text-muted">{t('admin.dashboard.noSales')}</p>
      ) : (
        <BarChart
          title={t('admin.dashboard.topProducts', { days })}
          layout="rows"
          height={Math.max(120, items.length * 30)}
          labelHeading={t('admin.dashboard.item')}
          valueHeading={t('admin.dashboard.revenue')}
          data={items.map((item) => ({
            key: item.itemId,
            label: item.name,
            value: item.revenueAgorot,
            display: <Price amount={toShekels(item.revenueAgorot)} />,
          }))}
        />
      )}
    </div>
  )
}

/** The dashboard section of the admin area (issue 21): figures, then the charts. */
export function DashboardPanel() {
  const { t } = useTranslation()
  const errorText = useApiErrorText()
  const [topDays, setTopDays] = useState(30)
  const figures = useQuery({ ...dashboardQueries.figures({ topDays }), placeholderData: keepPreviousData })
  if (figures.isPending) return <Spinner />
  if (figures.isError)
    return <p role="alert">{t('admin.table.loadError', { message: errorText(figures.error) })}</p>
  const dashboard = figures.data
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-muted">
        {t('admin.dashboard.asOf', {
          time: new Date(dashboard.generatedAt).toLocaleTimeString('he-IL', {
            timeZone: SHOP_TIME_ZONE,
            timeStyle: 'short',
          }),
        })}
      </p>
      <StatCards dashboard={dashboard} />
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <SalesByDay dashboard={dashboard} />
        <OrdersByStatus dashboard={dashboard} />
      </div>
      <TopProducts dashboard={dashboard} onDays={setTopDays} />
    </div>
  )
}

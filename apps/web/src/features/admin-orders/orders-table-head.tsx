import { useTranslation } from '../../lib/i18n'
import { thClass } from '../../components/ui/data-table'

const COLUMN_KEYS = [
  'admin.table.index',
  'admin.orders.number',
  'admin.orders.customer',
  'admin.orders.items',
  'admin.orders.status',
  'admin.orders.total',
  'admin.orders.createdAt',
  'admin.table.actions',
] as const

/** The orders table's column headers; the last, the selection column, is named for screen readers only. */
export function OrdersTableHead() {
  const { t } = useTranslation()
  return (
    <thead>
      <tr>
        {COLUMN_KEYS.map((key) => (
          <th key={key} scope="col" className={thClass}>
            {t(key)}
          </th>
        ))}
        <th scope="col" className={thClass}>
          <span className="sr-only">{t('admin.orders.select')}</span>
        </th>
      </tr>
    </thead>
  )
}

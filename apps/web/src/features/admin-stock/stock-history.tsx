import { useQuery } from '@tanstack/react-query'
import type { StockItemQuery, StockMovement } from '@tavlin/contracts'
import { stockQueries } from '../../api/stock'
import { linkButtonClass, tableClass, tableWrapClass, tdClass, thClass } from '../../components/ui/data-table'
import { Spinner } from '../../components/ui/spinner'
import { useApiErrorText } from '../../hooks/use-api-error-text'
import { useTranslation } from '../../lib/i18n'
import { formatShopDateTime } from '../../lib/shop-dates'

/** One count's changes, newest first: by how much, why, which order or which admin. */
export function StockHistory({
  item,
  label,
  onClose,
}: {
  item: StockItemQuery
  label: string
  onClose: () => void
}) {
  const { t } = useTranslation()
  const errorText = useApiErrorText()
  const { itemType, itemId, size } = item
  const history = useQuery(stockQueries.history({ itemType, itemId, size }))
  return (
    <section aria-labelledby="stock-history-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="stock-history-title" className="text-lg font-bold">
          {t('admin.stock.historyTitle', { item: label })}
        </h3>
        <button type="button" className={linkButtonClass} onClick={onClose}>
          {t('admin.stock.closeHistory')}
        </button>
      </div>
      {history.isPending ? (
        <Spinner />
      ) : history.isError ? (
        <p role="alert">{t('admin.stock.loadError', { message: errorText(history.error) })}</p>
      ) : history.data.length === 0 ? (
        <p className="text-muted">{t('admin.stock.noHistory')}</p>
      ) : (
        <MovementsTable rows={history.data} />
      )}
    </section>
  )
}

function MovementsTable({ rows }: { rows: StockMovement[] }) {
  const { t } = useTranslation()
  const columns = ['at', 'change', 'after', 'reason', 'by'] as const
  return (
    <div className={tableWrapClass}>
      <table className={tableClass}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className={thClass}>
                {t(`admin.stock.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={`${row.at}-${index}`}>
              <td className={tdClass}>{formatShopDateTime(row.at)}</td>
              <td className={tdClass} dir="ltr">
                {row.delta > 0 ? `+${row.delta}` : row.delta}
              </td>
              <td className={tdClass}>{row.stockAfter ?? t('admin.stock.untracked')}</td>
              <td className={tdClass}>
                {row.awaitingPayment
                  ? t('admin.stock.reasons.orderAwaitingPayment')
                  : t(`admin.stock.reasons.${row.reason}`)}
              </td>
              <td className={tdClass} dir={row.orderNumber ? 'ltr' : undefined}>
                {row.orderNumber ?? row.actor ?? t('admin.stock.system')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

import { useQuery } from '@tanstack/react-query'
import type { StockAlertCount } from '@tavlin/contracts'
import { stockAlertQueries, useDropStockAlerts } from '../../api/stock-alerts'
import { StockCount } from '../../components/commerce/stock-count'
import { ConfirmDialog, useConfirmation } from '../../components/ui/confirm-dialog'
import { linkButtonClass, tableClass, tableWrapClass, tdClass, thClass } from '../../components/ui/data-table'
import { Spinner } from '../../components/ui/spinner'
import { useApiErrorText } from '../../hooks/use-api-error-text'
import { useTranslation } from '../../lib/i18n'
import { toast } from '../../lib/notify'
import { stockItemLabel } from './stock-item-label'

/**
 * Who waits for a sold-out size (issue 36, decision 277): how many confirmed a back-in-stock
 * alert for each size or package, the most-awaited first. Restocking mails them (once each);
 * the owner may instead drop the list of a size that will not come back.
 */
export function StockAlertsSection() {
  const { t } = useTranslation()
  const errorText = useApiErrorText()
  const counts = useQuery(stockAlertQueries.counts())
  const drop = useDropStockAlerts()
  const { request, dialogProps } = useConfirmation()

  const askDrop = (item: StockAlertCount) => {
    const label = stockItemLabel(item)
    request(
      label,
      () =>
        drop.mutateAsync(
          { itemType: item.itemType, itemId: item.itemId, size: item.size },
          {
            onSuccess: () => toast.success(t('admin.stock.alertsDropped', { item: label })),
            onError: (failure) => toast.error(errorText(failure)),
          },
        ),
      {
        title: t('admin.stock.alertsDropTitle'),
        description: t('admin.stock.alertsDropConfirm', { item: label, count: item.waiting }),
        confirm: t('admin.stock.alertsDrop'),
      },
    )
  }

  return (
    <section aria-labelledby="stock-alerts-title" className="flex flex-col gap-3">
      <h3 id="stock-alerts-title" className="text-lg font-bold">
        {t('admin.stock.alertsTitle')}
      </h3>
      <p className="text-sm text-muted">{t('admin.stock.alertsLead')}</p>
      {counts.isPending ? (
        <Spinner />
      ) : counts.isError ? (
        <p role="alert">{t('admin.stock.loadError', { message: errorText(counts.error) })}</p>
      ) : counts.data.items.length === 0 ? (
        <p className="text-muted">{t('admin.stock.alertsEmpty')}</p>
      ) : (
        <AlertsTable items={counts.data.items} onDrop={askDrop} />
      )}
      <ConfirmDialog {...dialogProps} />
    </section>
  )
}

function AlertsTable({
  items,
  onDrop,
}: {
  items: StockAlertCount[]
  onDrop: (item: StockAlertCount) => void
}) {
  const { t } = useTranslation()
  return (
    <div className={tableWrapClass}>
      <table className={tableClass}>
        <thead>
          <tr>
            <th scope="col" className={thClass}>
              {t('admin.stock.item')}
            </th>
            <th scope="col" className={thClass}>
              {t('admin.stock.left')}
            </th>
            <th scope="col" className={thClass}>
              {t('admin.stock.alertsWaiting')}
            </th>
            <th scope="col" className={thClass}>
              {t('admin.stock.actions')}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => {
            const label = stockItemLabel(item)
            return (
              <tr key={`${item.itemType}|${item.itemId}|${item.size}`}>
                <th scope="row" className={`${tdClass} text-start`}>
                  {label}
                </th>
                <td className={tdClass}>
                  <StockCount stock={item.stock} />
                </td>
                <td className={`${tdClass} font-semibold`}>{item.waiting}</td>
                <td className={tdClass}>
                  <button
                    type="button"
                    className={linkButtonClass}
                    aria-label={t('admin.stock.alertsDropNamed', { item: label })}
                    onClick={() => onDrop(item)}
                  >
                    {t('admin.stock.alertsDrop')}
                  </button>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}

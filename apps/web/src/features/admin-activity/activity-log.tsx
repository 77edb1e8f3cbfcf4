import { useState } from 'react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Trans, useTranslation } from '../../lib/i18n'
import { PAGE_SIZES, parseStatusChange, type ActivityEntry } from '@tavlin/contracts'
import { activityQueries } from '../../api/activity'
import { tableClass, tableWrapClass, tdClass, thClass } from '../../components/ui/data-table'
import { PaginationControls } from '../../components/ui/pagination-controls'
import { Spinner } from '../../components/ui/spinner'
import { useApiErrorText } from '../../hooks/use-api-error-text'
import { formatShopDateTime } from '../../lib/shop-dates'

/** An order's status change with the statuses' Hebrew names; any other entry as written. */
function Summary({ entry }: { entry: ActivityEntry }) {
  const { t } = useTranslation()
  const change =
    entry.action === 'status' || entry.action === 'refund' ? parseStatusChange(entry.summary) : null
  if (!change) return <span dir="auto">{entry.summary}</span>
  const values = {
    number: change.orderNumber,
    from: t(`admin.orders.statuses.${change.from}`),
    to: t(`admin.orders.statuses.${change.to}`),
  }
  // A refund names its amount and fee in Hebrew too, never "partially_refunded" (issue 35).
  if (change.refund)
    return (
      <Trans
        i18nKey="admin.activity.refundChange"
        values={{ ...values, amount: `${change.refund.amount} ₪`, fee: `${change.refund.fee} ₪` }}
        components={{ number: <bdi dir="ltr" />, amount: <bdi dir="ltr" />, fee: <bdi dir="ltr" /> }}
      />
    )
  return (
    <Trans i18nKey="admin.activity.statusChange" values={values} components={{ number: <bdi dir="ltr" /> }} />
  )
}

/** Recent administrator changes: who did what, to which item, and when. */
export function ActivityLog() {
  const { t } = useTranslation()
  const errorText = useApiErrorText()
  const [page, setPage] = useState(1)
  const log = useQuery({
    ...activityQueries.list({ page, limit: PAGE_SIZES.admin }),
    placeholderData: keepPreviousData,
  })

  if (log.isPending) return <Spinner />
  if (log.isError) return <p role="alert">{t('admin.table.loadError', { message: errorText(log.error) })}</p>

  return (
    <>
      <div className={tableWrapClass}>
        <table className={tableClass}>
          <caption className="sr-only">{t('admin.activity.title')}</caption>
          <thead>
            <tr>
              <th scope="col" className={thClass}>
                {t('admin.table.index')}
              </th>
              <th scope="col" className={thClass}>
                {t('admin.activity.when')}
              </th>
              <th scope="col" className={thClass}>
                {t('admin.activity.who')}
              </th>
              <th scope="col" className={thClass}>
                {t('admin.activity.action')}
              </th>
              <th scope="col" className={thClass}>
                {t('admin.activity.entity')}
              </th>
              <th scope="col" className={thClass}>
                {t('admin.activity.summary')}
              </th>
            </tr>
          </thead>
          <tbody>
            {log.data.items.length === 0 && (
              <tr>
                <td colSpan={6} className={`${tdClass} text-center text-muted`}>
                  {t('admin.activity.empty')}
                </td>
              </tr>
            )}
            {log.data.items.map((entry, index) => (
              <tr key={entry._id}>
                <td className={tdClass}>{(log.data.currentPage - 1) * PAGE_SIZES.admin + index + 1}</td>
                <td className={tdClass}>{formatShopDateTime(entry.at)}</td>
                <td className={tdClass} dir="auto">
                  {entry.actorEmail ?? entry.actorSubject}
                </td>
                <td className={tdClass}>{t(`admin.activity.actions.${entry.action}`)}</td>
                <td className={tdClass}>{t(`admin.activity.entities.${entry.entityType}`)}</td>
                <td className={tdClass}>
                  <Summary entry={entry} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <PaginationControls
        page={page}
        totalPages={log.data.totalPages}
        isPlaceholderData={log.isPlaceholderData}
        onPageChange={setPage}
      />
    </>
  )
}

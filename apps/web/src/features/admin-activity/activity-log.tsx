import { useState } from 'react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { PAGE_SIZES, SHOP_TIME_ZONE } from '@tavlin/contracts'
import { activityQueries } from '../../api/activity'
import { tableClass, tableWrapClass, tdClass, thClass } from '../../components/ui/data-table'
import { PaginationControls } from '../../components/ui/pagination-controls'
import { Spinner } from '../../components/ui/spinner'

const when = new Intl.DateTimeFormat('he-IL', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: SHOP_TIME_ZONE,
})

/** Recent administrator changes: who did what, to which item, and when. */
export function ActivityLog() {
  const { t } = useTranslation()
  const [page, setPage] = useState(1)
  const log = useQuery({
    ...activityQueries.list({ page, limit: PAGE_SIZES.admin }),
    placeholderData: keepPreviousData,
  })

  if (log.isPending) return <Spinner />
  if (log.isError) return <p role="alert">{t('admin.table.loadError', { message: log.error.message })}</p>

  return (
    <>
      <div className={tableWrapClass}>
        <table className={tableClass}>
          <caption className="sr-only">{t('admin.activity.title')}</caption>
          <thead>
            <tr>
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
                <td colSpan={5} className={`${tdClass} text-center text-muted`}>
                  {t('admin.activity.empty')}
                </td>
              </tr>
            )}
            {log.data.items.map((entry) => (
              <tr key={entry._id}>
                <td className={tdClass}>{when.format(new Date(entry.at))}</td>
                <td className={tdClass} dir="auto">
                  {entry.actorEmail ?? entry.actorSubject}
                </td>
                <td className={tdClass}>{t(`admin.activity.actions.${entry.action}`)}</td>
                <td className={tdClass}>{t(`admin.activity.entities.${entry.entityType}`)}</td>
                <td className={tdClass} dir="auto">
                  {entry.summary}
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

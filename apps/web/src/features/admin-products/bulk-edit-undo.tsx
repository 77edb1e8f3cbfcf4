import { useQuery } from '@tanstack/react-query'
import { bulkEditQueries, useUndoBulkEdit } from '../../api/bulk-edit'
import { secondaryButtonClass } from '../../components/ui/confirm-dialog'
import { useApiErrorText } from '../../hooks/use-api-error-text'
import { formatShopDateTime } from '../../lib/shop-dates'
import { useTranslation } from '../../lib/i18n'
import { toast } from '../../lib/notify'

/** The latest bulk change and its one undo, while it is not undone (decision 291). */
export function LatestBulkChange() {
  const { t } = useTranslation()
  const errorText = useApiErrorText()
  const latest = useQuery(bulkEditQueries.latest())
  const undo = useUndoBulkEdit()
  const change = latest.data
  if (!change || change.undone) return null
  return (
    <div className="flex flex-wrap items-center gap-3 border-t border-line pt-3">
      <p>
        {t('admin.bulkEdit.latest', { at: formatShopDateTime(change.at) })}{' '}
        {t('admin.bulkEdit.products', { count: change.count })}
      </p>
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={undo.isPending}
        onClick={() =>
          undo.mutate(change._id, {
            onSuccess: ({ restored, keptChangedSince }) => {
              toast.success(t('admin.bulkEdit.undone', { count: restored }))
              if (keptChangedSince.length > 0) {
                const names = keptChangedSince.map((item) => item.name).join(', ')
                toast.info(t('admin.bulkEdit.keptChangedSince', { names }))
              }
            },
            onError: (error) => toast.error(t('admin.bulkEdit.undoFailed', { message: errorText(error) })),
          })
        }
      >
        {t('admin.bulkEdit.undo')}
      </button>
    </div>
  )
}

import { useTranslation } from '../../lib/i18n'
import { secondaryButtonClass } from './confirm-dialog'

type PaginationControlsProps = {
  page: number
  totalPages: number
  /** True while the previous page's rows stand in for the next one (spec §4: next is blocked then). */
  isPlaceholderData?: boolean
  onPageChange: (page: number) => void
}

/** Previous / next under an admin table (spec §4 Pagination). */
export function PaginationControls({
  page,
  totalPages,
  isPlaceholderData = false,
  onPageChange,
}: PaginationControlsProps) {
  const { t } = useTranslation()
  const lastPage = Math.max(totalPages, 1)
  return (
    <nav aria-label={t('admin.pagination.label')} className="mt-4 flex items-center justify-center gap-4">
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={page <= 1}
        onClick={() => onPageChange(Math.max(page - 1, 1))}
      >
        {t('admin.pagination.previous')}
      </button>
      <span className="text-sm text-muted" aria-live="polite">
        {t('admin.pagination.page', { page, total: lastPage })}
      </span>
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={isPlaceholderData || page >= lastPage}
        onClick={() => onPageChange(page + 1)}
      >
        {t('admin.pagination.next')}
      </button>
    </nav>
  )
}

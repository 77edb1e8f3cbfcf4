import { Link, useLocation } from 'react-router'
import { useTranslation } from '../../lib/i18n'

type PaginationProps = {
  currentPage: number
  totalPages: number
  /** While the next page's data is still the previous page's placeholder, "next" waits. */
  isPlaceholderData?: boolean
}

const linkClass =
  'inline-flex min-w-11 items-center justify-center rounded-full border border-line px-4 py-2 font-semibold transition-colors hover:border-primary hover:text-primary'
const disabledClass =
  'inline-flex min-w-11 items-center justify-center rounded-full border border-line px-4 py-2 opacity-50'

/** Links of the form `{path}?page=n` (spec §2), keeping the other search parameters. */
export function Pagination({ currentPage, totalPages, isPlaceholderData = false }: PaginationProps) {
  const { t } = useTranslation()
  const { pathname, search } = useLocation()
  if (totalPages <= 1) return null

  const hrefOf = (page: number) => {
    const params = new URLSearchParams(search)
    params.set('page', String(page))
    return `${pathname}?${params.toString()}`
  }
  const canGoBack = currentPage > 1
  const canGoOn = currentPage < totalPages && !isPlaceholderData
  const pages = Array.from({ length: totalPages }, (_, index) => index + 1)

  return (
    <nav
      aria-label={t('pagination.label')}
      className="mt-10 flex flex-wrap items-center justify-center gap-2"
    >
      {canGoBack ? (
        <Link to={hrefOf(currentPage - 1)} className={linkClass} rel="prev">
          {t('pagination.previous')}
        </Link>
      ) : (
        <span aria-disabled="true" className={disabledClass}>
          {t('pagination.previous')}
        </span>
      )}
      <ul className="flex flex-wrap gap-2">
        {pages.map((page) => (
          <li key={page}>
            <Link
              to={hrefOf(page)}
              aria-current={page === currentPage ? 'page' : undefined}
              aria-label={t('pagination.page', { page })}
              className={`${linkClass} ${page === currentPage ? 'border-primary bg-primary text-on-primary hover:text-on-primary' : ''}`}
            >
              {page}
            </Link>
          </li>
        ))}
      </ul>
      {canGoOn ? (
        <Link to={hrefOf(currentPage + 1)} className={linkClass} rel="next">
          {t('pagination.next')}
        </Link>
      ) : (
        <span aria-disabled="true" className={disabledClass}>
          {t('pagination.next')}
        </span>
      )}
    </nav>
  )
}

/** The page number of `?page=`, 1 when missing or malformed. */
export function readPage(params: URLSearchParams): number {
  const page = Number(params.get('page'))
  return Number.isInteger(page) && page >= 1 ? page : 1
}

import { useCallback } from 'react'
import { useSearchParams } from 'react-router'
import { ADMIN_ORDER_SORTS, ORDER_STATUSES, type AdminOrderSort, type OrderStatus } from '@tavlin/contracts'

export type OrderFilters = {
  status: OrderStatus | ''
  search: string
  /** YYYY-MM-DD in the shop's time zone, '' for no bound, or a day still being typed. */
  from: string
  to: string
  late: boolean
  sort: AdminOrderSort
  page: number
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/

function read(params: URLSearchParams): OrderFilters {
  const status = params.get('status') ?? ''
  const sort = params.get('sort') ?? ''
  return {
    status: (ORDER_STATUSES as readonly string[]).includes(status) ? (status as OrderStatus) : '',
    search: params.get('search') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    late: params.get('late') === 'true',
    sort: (ADMIN_ORDER_SORTS as readonly string[]).includes(sort) ? (sort as AdminOrderSort) : 'newest',
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
  }
}

/**
 * The orders list's filters live in the address, so a dashboard figure can link to the
 * list it counts, and reload and back keep what the packer was looking at (issue 21).
 */
export function useOrderFilters() {
  const [params, setParams] = useSearchParams()
  const update = useCallback(
    (change: Partial<OrderFilters>) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous)
          for (const [name, value] of Object.entries(change)) {
            const empty = value === '' || value === false || (name === 'sort' && value === 'newest')
            if (empty || (name === 'page' && value === 1)) next.delete(name)
            else next.set(name, String(value))
          }
          // Any other change starts again at the first page.
          if (!('page' in change)) next.delete('page')
          return next
        },
        { replace: true },
      ),
    [setParams],
  )
  return { filters: read(params), update }
}

/** The API's query for these filters; the export takes the same ones without paging. */
export function orderQuery(filters: OrderFilters) {
  return {
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
    ...(ISO_DAY.test(filters.from) ? { from: filters.from } : {}),
    ...(ISO_DAY.test(filters.to) ? { to: filters.to } : {}),
    ...(filters.late ? { late: true } : {}),
  }
}

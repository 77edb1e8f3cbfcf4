import { useDeferredValue, useState } from 'react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useTranslation } from '../../lib/i18n'
import { ORDER_STATUSES, PAGE_SIZES, type OrderStatus } from '@tavlin/contracts'
import { adminOrderQueries } from '../../api/admin-orders'
import {
  linkButtonClass,
  selectClass,
  tableClass,
  tableWrapClass,
  tdClass,
  thClass,
} from '../../components/ui/data-table'
import { TextField } from '../../components/ui/form-field'
import { PaginationControls } from '../../components/ui/pagination-controls'
import { Spinner } from '../../components/ui/spinner'
import { Price } from '../../components/commerce/price'
import { OrderDetailDialog } from './order-detail-dialog'
import { formatOrderDay } from './order-format'
import { useApiErrorText } from '../../hooks/use-api-error-text'

/** The admin orders table (spec §2): 10 a page, status filter, search by number or e-mail. */
export function OrdersTable() {
  const { t } = useTranslation()
  const errorText = useApiErrorText()
  const [page, setPage] = useState(1)
  const [status, setStatus] = useState<OrderStatus | ''>('')
  const [search, setSearch] = useState('')
  const deferredSearch = useDeferredValue(search.trim())
  const [openOrderId, setOpenOrderId] = useState<string | null>(null)
  const params = {
    page,
    limit: PAGE_SIZES.adminOrders,
    ...(status ? { status } : {}),
    ...(deferredSearch ? { search: deferredSearch } : {}),
  }
  const list = useQuery({ ...adminOrderQueries.list(params), placeholderData: keepPreviousData })

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1.5">
          <label htmlFor="admin-orders-status" className="text-sm font-semibold">
            {t('admin.orders.statusFilter')}
          </label>
          <select
            id="admin-orders-status"
            className={selectClass}
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as OrderStatus | '')
              setPage(1)
            }}
          >
            <option value="">{t('admin.orders.allStatuses')}</option>
            {ORDER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`admin.orders.statuses.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <TextField
          className="min-w-64 flex-1"
          type="search"
          dir="auto"
          label={t('admin.orders.search')}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value)
            setPage(1)
          }}
        />
      </div>

      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <p role="alert">{t('admin.table.loadError', { message: errorText(list.error) })}</p>
      ) : (
        <>
          <div className={tableWrapClass}>
            <table className={tableClass}>
              <caption className="sr-only">{t('admin.orders.title')}</caption>
              <thead>
                <tr>
                  <th scope="col" className={thClass}>
                    {t('admin.table.index')}
                  </th>
                  <th scope="col" className={thClass}>
                    {t('admin.orders.number')}
                  </th>
                  <th scope="col" className={thClass}>
                    {t('admin.orders.customer')}
                  </th>
                  <th scope="col" className={thClass}>
                    {t('admin.orders.items')}
                  </th>
                  <th scope="col" className={thClass}>
                    {t('admin.orders.status')}
                  </th>
                  <th scope="col" className={thClass}>
                    {t('admin.orders.total')}
                  </th>
                  <th scope="col" className={thClass}>
                    {t('admin.orders.createdAt')}
                  </th>
                  <th scope="col" className={thClass}>
                    {t('admin.table.actions')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.length === 0 && (
                  <tr>
                    <td colSpan={8} className={`${tdClass} text-center text-muted`}>
                      {t('admin.orders.empty')}
                    </td>
                  </tr>
                )}
                {list.data.items.map((order, index) => (
                  <tr key={order._id}>
                    {/* Spec §2: every admin table starts with the row's index. */}
                    <td className={tdClass}>
                      {(list.data.currentPage - 1) * PAGE_SIZES.adminOrders + index + 1}
                    </td>
                    <th scope="row" className={`${tdClass} text-start font-semibold`} dir="ltr">
                      {order.number}
                    </th>
                    <td className={tdClass}>{order.customer.firstName}</td>
                    <td className={tdClass}>{order.orderItems.map((line) => line.item.name).join(', ')}</td>
                    <td className={tdClass}>
                      {t(`admin.orders.statuses.${order.orderStatus}`)}
                      {order.needsReview && (
                        <span className="ms-2 rounded-full bg-saffron px-2 py-0.5 text-xs font-semibold text-ink">
                          {t('admin.orders.needsReview')}
                        </span>
                      )}
                    </td>
                    <td className={tdClass}>
                      <Price amount={order.totalPrice} />
                    </td>
                    <td className={tdClass}>{formatOrderDay(order.createdAt)}</td>
                    <td className={tdClass}>
                      <button
                        type="button"
                        className={linkButtonClass}
                        aria-label={t('admin.orders.viewOrder', { number: order.number })}
                        onClick={() => setOpenOrderId(order._id)}
                      >
                        {t('admin.orders.view')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <PaginationControls
            page={page}
            totalPages={list.data.totalPages}
            isPlaceholderData={list.isPlaceholderData}
            onPageChange={setPage}
          />
        </>
      )}
      {openOrderId && <OrderDetailDialog orderId={openOrderId} onClose={() => setOpenOrderId(null)} />}
    </div>
  )
}

import { useDeferredValue, useState } from 'react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useTranslation } from '../../lib/i18n'
import { PAGE_SIZES, type AdminOrder } from '@tavlin/contracts'
import { adminOrderQueries } from '../../api/admin-orders'
import { linkButtonClass, tableClass, tableWrapClass, tdClass, thClass } from '../../components/ui/data-table'
import { PaginationControls } from '../../components/ui/pagination-controls'
import { Spinner } from '../../components/ui/spinner'
import { Price } from '../../components/commerce/price'
import { OrderDetailDialog } from './order-detail-dialog'
import { formatOrderDay } from './order-format'
import { OrderFiltersBar } from './order-filters-bar'
import { OrdersSelectionBar } from './orders-selection-bar'
import { PackingSlips } from './packing-slips'
import { orderQuery, useOrderFilters } from './use-order-filters'
import { useApiErrorText } from '../../hooks/use-api-error-text'

type SelectBoxProps = { order: AdminOrder; selected: string[]; onChange: (selected: string[]) => void }

function SelectBox({ order, selected, onChange }: SelectBoxProps) {
  const { t } = useTranslation()
  const checked = selected.includes(order._id)
  return (
    <input
      type="checkbox"
      className="size-5"
      aria-label={t('admin.orders.selectOrder', { number: order.number })}
      checked={checked}
      onChange={() =>
        onChange(checked ? selected.filter((id) => id !== order._id) : [...selected, order._id])
      }
    />
  )
}

/**
 * The admin orders table (spec §2, issue 21): 10 a page, filters kept in the address, and
 * the packer's choice of orders to print slips for and mark as sent.
 */
export function OrdersTable() {
  const { t } = useTranslation()
  const errorText = useApiErrorText()
  const { filters, update } = useOrderFilters()
  const deferredFilters = useDeferredValue(filters)
  const [openOrderId, setOpenOrderId] = useState<string | null>(null)
  const [selected, setSelected] = useState<string[]>([])
  const [isPrinting, setPrinting] = useState(false)
  const params = {
    page: filters.page,
    limit: PAGE_SIZES.adminOrders,
    sort: filters.sort,
    ...orderQuery(deferredFilters),
  }
  const list = useQuery({ ...adminOrderQueries.list(params), placeholderData: keepPreviousData })

  return (
    <div className="flex flex-col gap-4">
      <OrderFiltersBar filters={filters} update={update} />
      <OrdersSelectionBar
        selected={selected}
        onPrint={() => setPrinting(true)}
        onClear={() => setSelected([])}
      />

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
                  <th scope="col" className={thClass}>
                    <span className="sr-only">{t('admin.orders.select')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.length === 0 && (
                  <tr>
                    <td colSpan={9} className={`${tdClass} text-center text-muted`}>
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
                    <td className={tdClass}>
                      <SelectBox order={order} selected={selected} onChange={setSelected} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <PaginationControls
            page={filters.page}
            totalPages={list.data.totalPages}
            isPlaceholderData={list.isPlaceholderData}
            onPageChange={(page) => update({ page })}
          />
        </>
      )}
      {openOrderId && <OrderDetailDialog orderId={openOrderId} onClose={() => setOpenOrderId(null)} />}
      {isPrinting && <PackingSlips orderIds={selected} onClose={() => setPrinting(false)} />}
    </div>
  )
}

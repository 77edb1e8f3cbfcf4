import { useDeferredValue, useState } from 'react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useTranslation } from '../../lib/i18n'
import { PAGE_SIZES } from '@tavlin/contracts'
import { adminOrderQueries } from '../../api/admin-orders'
import { tableClass, tableWrapClass } from '../../components/ui/data-table'
import { PaginationControls } from '../../components/ui/pagination-controls'
import { Spinner } from '../../components/ui/spinner'
import { BulkTrackingForm } from './bulk-tracking-form'
import { OrderDetailDialog } from './order-detail-dialog'
import { OrderFiltersBar } from './order-filters-bar'
import { OrdersSelectionBar } from './orders-selection-bar'
import { OrdersTableBody } from './orders-table-body'
import { OrdersTableHead } from './orders-table-head'
import { PackingSlips } from './packing-slips'
import { orderQuery, useOrderFilters } from './use-order-filters'
import { useApiErrorText } from '../../hooks/use-api-error-text'

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
      <BulkTrackingForm />

      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <p role="alert">{t('admin.table.loadError', { message: errorText(list.error) })}</p>
      ) : (
        <>
          <div className={tableWrapClass}>
            <table className={tableClass}>
              <caption className="sr-only">{t('admin.orders.title')}</caption>
              <OrdersTableHead />
              <OrdersTableBody
                orders={list.data.items}
                currentPage={list.data.currentPage}
                selected={selected}
                onSelect={setSelected}
                onOpen={setOpenOrderId}
              />
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

import { useTranslation } from '../../lib/i18n'
import { PAGE_SIZES, type AdminOrder } from '@tavlin/contracts'
import { tdClass } from '../../components/ui/data-table'
import { OrderRow } from './orders-table-row'

type OrdersTableBodyProps = {
  orders: AdminOrder[]
  currentPage: number
  selected: string[]
  onSelect: (selected: string[]) => void
  onOpen: (orderId: string) => void
}

/** The rows of one page of orders, or a single row saying there are none. */
export function OrdersTableBody({ orders, currentPage, selected, onSelect, onOpen }: OrdersTableBodyProps) {
  const { t } = useTranslation()
  return (
    <tbody>
      {orders.length === 0 && (
        <tr>
          <td colSpan={9} className={`${tdClass} text-center text-muted`}>
            {t('admin.orders.empty')}
          </td>
        </tr>
      )}
      {orders.map((order, index) => (
        <OrderRow
          key={order._id}
          order={order}
          rowNumber={(currentPage - 1) * PAGE_SIZES.adminOrders + index + 1}
          selected={selected}
          onSelect={onSelect}
          onOpen={onOpen}
        />
      ))}
    </tbody>
  )
}

import { useTranslation } from '../../lib/i18n'
import type { AdminOrder } from '@tavlin/contracts'
import { linkButtonClass, tdClass } from '../../components/ui/data-table'
import { Price } from '../../components/commerce/price'
import { formatOrderDay } from './order-format'

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

type OrderRowProps = {
  order: AdminOrder
  /** The row's number across all pages, counted from 1. */
  rowNumber: number
  selected: string[]
  onSelect: (selected: string[]) => void
  onOpen: (orderId: string) => void
}

/** One order in the admin orders table. */
export function OrderRow({ order, rowNumber, selected, onSelect, onOpen }: OrderRowProps) {
  const { t } = useTranslation()
  return (
    <tr>
      {/* Spec §2: every admin table starts with the row's index. */}
      <td className={tdClass}>{rowNumber}</td>
      <th scope="row" className={`${tdClass} text-start font-semibold`} dir="ltr">
        {order.number}
      </th>
      <td className={tdClass}>{order.erasedAt ? t('admin.orders.erased') : order.customer.firstName}</td>
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
          onClick={() => onOpen(order._id)}
        >
          {t('admin.orders.view')}
        </button>
      </td>
      <td className={tdClass}>
        <SelectBox order={order} selected={selected} onChange={onSelect} />
      </td>
    </tr>
  )
}

import { useEffect, useRef } from 'react'
import { createPortal } from 'react-dom'
import { useQueries } from '@tanstack/react-query'
import { useTranslation } from '../../lib/i18n'
import { encode } from 'uqr'
import type { AdminOrder } from '@tavlin/contracts'
import { adminOrderQueries } from '../../api/admin-orders'
import { secondaryButtonClass } from '../../components/ui/confirm-dialog'
import { submitButtonClass } from '../../components/ui/form-field'
import { Spinner } from '../../components/ui/spinner'
import { Ltr, keepHyphenatedWords } from '../../components/ui/isolate'
import { useLineSizeName } from '../../components/commerce/line-size'
import { useOrderAddress } from './order-address'
import { OrderDeliveryText } from './order-detail-sections'

/** The order number as a QR code a phone or a scanner at the packing table reads. */
function OrderCode({ number }: { number: string }) {
  const { size, data } = encode(number, { border: 1 })
  const cells = data.flatMap((row, y) => row.flatMap((on, x) => (on ? [`M${x},${y}h1v1h-1z`] : [])))
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      className="size-24"
      role="img"
      aria-label={number}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="white" />
      <path d={cells.join('')} fill="black" />
    </svg>
  )
}

function Slip({ order }: { order: AdminOrder }) {
  const { t } = useTranslation()
  const orderAddress = useOrderAddress()
  const sizeName = useLineSizeName()
  const { customer } = order
  return (
    <article
      className="packing-slip flex flex-col gap-3 p-8"
      aria-label={t('admin.packing.slipFor', { number: order.number })}
    >
      <header className="flex items-start justify-between gap-4">
        <div>
          <p className="text-sm">{t('admin.packing.slip')}</p>
          <h3 className="text-2xl font-bold">
            <Ltr>{order.number}</Ltr>
          </h3>
        </div>
        <OrderCode number={order.number} />
      </header>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="font-semibold">{t('admin.packing.customer')}</dt>
        {order.erasedAt ? (
          <dd>{t('admin.packing.erased')}</dd>
        ) : (
          <>
            <dd>
              {customer.firstName} {customer.lastName}
            </dd>
            <dt className="font-semibold">{t('admin.packing.phone')}</dt>
            {/* Beside its label, not pushed to the far side of the row as a left-to-right block was (issue 35). */}
            <dd>
              <Ltr>{customer.phone}</Ltr>
            </dd>
            <dt className="font-semibold">{t('admin.packing.address')}</dt>
            <dd>{keepHyphenatedWords(orderAddress(customer.address))}</dd>
          </>
        )}
        <dt className="font-semibold">{t('admin.packing.delivery')}</dt>
        <dd>
          <OrderDeliveryText order={order} />
        </dd>
        {customer.notes && (
          <>
            <dt className="font-semibold">{t('admin.packing.notes')}</dt>
            <dd>{customer.notes}</dd>
          </>
        )}
      </dl>
      <table className="w-full border-collapse text-start">
        <caption className="sr-only">{t('admin.packing.items')}</caption>
        <thead>
          <tr>
            {(['item', 'size', 'quantity', 'packed'] as const).map((column) => (
              <th key={column} scope="col" className="border-b-2 border-black py-1 text-start">
                {t(`admin.packing.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {order.orderItems.map((line, index) => (
            <tr key={index}>
              <td className="border-b py-1">{line.item.name}</td>
              <td className="border-b py-1">{sizeName(line.size)}</td>
              <td className="border-b py-1">{line.quantity}</td>
              <td className="border-b py-1" aria-hidden="true">
                ☐
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  )
}

/**
 * The print view of the chosen orders: one A4 packing slip each, a page break between
 * them (styles.css, @media print), right to left like everything else.
 */
export function PackingSlips({ orderIds, onClose }: { orderIds: readonly string[]; onClose: () => void }) {
  const { t } = useTranslation()
  const orders = useQueries({ queries: orderIds.map((id) => adminOrderQueries.detail(id)) })
  const headingRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => headingRef.current?.focus(), [])
  const ready = orders.every((order) => order.isSuccess)
  return createPortal(
    <div
      className="packing-slips fixed inset-0 z-50 overflow-auto bg-white text-black"
      dir="rtl"
      role="region"
      aria-labelledby="packing-title"
    >
      <div className="packing-toolbar sticky top-0 flex items-center gap-3 border-b bg-white p-4">
        <h2 id="packing-title" ref={headingRef} tabIndex={-1} className="me-auto text-xl font-bold">
          {t('admin.packing.title', { count: orderIds.length })}
        </h2>
        <button type="button" className={submitButtonClass} disabled={!ready} onClick={() => window.print()}>
          {t('admin.packing.print')}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={onClose}>
          {t('admin.packing.close')}
        </button>
      </div>
      {ready ? orders.map((order) => <Slip key={order.data!._id} order={order.data!} />) : <Spinner />}
    </div>,
    document.body,
  )
}

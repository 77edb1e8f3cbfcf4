import { useId } from 'react'
import { useTranslation } from '../../lib/i18n'
import { parseReviewReason, type AdminOrder } from '@tavlin/contracts'
import { tableClass, tdClass, thClass } from '../../components/ui/data-table'
import { Price } from '../../components/commerce/price'
import { CardSummary } from '../../components/commerce/card-summary'
import { deliveryLine } from '../../components/commerce/delivery-text'
import { formatDateTime } from './order-format'
import { useOrderAddress } from './order-address'

/** The read-only parts of the order detail dialog, one component per section. */
export const sectionTitle = 'mb-2 text-lg font-bold'

export function CustomerSection({ order }: { order: AdminOrder }) {
  const { t } = useTranslation()
  const { customer } = order
  if (order.erasedAt)
    return (
      <section>
        <h3 className={sectionTitle}>{t('admin.orders.detail.customer')}</h3>
        <p>{t('admin.orders.detail.erased', { date: formatDateTime(order.erasedAt) })}</p>
      </section>
    )
  return (
    <section>
      <h3 className={sectionTitle}>{t('admin.orders.detail.customer')}</h3>
      <p>
        {customer.firstName} {customer.lastName}
      </p>
      <p dir="ltr" className="text-end">
        {customer.email}
      </p>
      <p dir="ltr" className="text-end">
        {customer.phone}
      </p>
      {order.erasureRequestedAt && (
        <p className="mt-3 rounded-lg border border-line border-s-4 border-s-saffron bg-surface-2 p-3">
          {t('admin.orders.detail.erasureDue', { date: formatDateTime(order.erasureRequestedAt) })}
        </p>
      )}
    </section>
  )
}

export function AddressSection({ order }: { order: AdminOrder }) {
  const { t } = useTranslation()
  const orderAddress = useOrderAddress()
  const { customer } = order
  return (
    <section>
      <h3 className={sectionTitle}>{t('admin.orders.detail.address')}</h3>
      <p>{order.erasedAt ? t('admin.orders.detail.addressErased') : orderAddress(customer.address)}</p>
      {customer.notes && (
        <p className="mt-1 text-muted">
          {t('admin.orders.detail.notes')}: {customer.notes}
        </p>
      )}
    </section>
  )
}

export function ItemsSection({ order }: { order: AdminOrder }) {
  const { t } = useTranslation()
  return (
    <section>
      <h3 className={sectionTitle}>{t('admin.orders.detail.items')}</h3>
      <div className="admin-table-wrap overflow-x-auto">
        <table className={`${tableClass} min-w-0`}>
          <thead>
            <tr>
              <th scope="col" className={thClass}>
                {t('admin.orders.detail.item')}
              </th>
              <th scope="col" className={thClass}>
                {t('admin.orders.detail.size')}
              </th>
              <th scope="col" className={thClass}>
                {t('admin.orders.detail.quantity')}
              </th>
              <th scope="col" className={thClass}>
                {t('admin.orders.detail.unitPrice')}
              </th>
              <th scope="col" className={thClass}>
                {t('admin.orders.detail.lineTotal')}
              </th>
            </tr>
          </thead>
          <tbody>
            {order.orderItems.map((line) => (
              <tr key={`${line.itemId}-${line.size}`}>
                <th scope="row" className={`${tdClass} text-start`}>
                  {line.item.name}
                </th>
                <td className={tdClass}>{line.itemType === 'Package' ? '—' : line.size}</td>
                <td className={tdClass}>{line.quantity}</td>
                <td className={tdClass} dir="ltr">
                  <Price amount={line.price} />
                </td>
                <td className={tdClass} dir="ltr">
                  <Price amount={line.lineTotal} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}

export function TotalsSection({ order }: { order: AdminOrder }) {
  const { t } = useTranslation()
  return (
    <section>
      <h3 className={sectionTitle}>{t('admin.orders.detail.totals')}</h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
        <dt>{t('admin.orders.detail.subtotal')}</dt>
        <dd dir="ltr" className="text-end">
          <Price amount={order.subtotal} />
        </dd>
        {order.discount > 0 && (
          <>
            <dt>{t('checkout.discount', { code: order.couponCode ?? '' })}</dt>
            <dd dir="ltr" className="text-end">
              −<Price amount={order.discount} />
            </dd>
          </>
        )}
        <dt>{t('admin.orders.detail.delivery')}</dt>
        <dd className="text-end">
          <OrderDeliveryText order={order} />
        </dd>
        <dt>{t('admin.orders.detail.shipping')}</dt>
        <dd dir="ltr" className="text-end">
          <Price amount={order.shippingFee} />
        </dd>
        <dt>{t('admin.orders.detail.vat', { rate: Math.round(order.vatRate * 100) })}</dt>
        <dd dir="ltr" className="text-end">
          <Price amount={order.vat} />
        </dd>
        <dt className="font-bold">{t('admin.orders.detail.totalPrice')}</dt>
        <dd dir="ltr" className="text-end font-bold">
          <Price amount={order.totalPrice} />
        </dd>
      </dl>
    </section>
  )
}

/**
 * The method the order was placed with (issue 19): name – zone, and where a pickup is
 * collected. An order from before delivery methods went by the standard home delivery.
 */
export function OrderDeliveryText({ order }: { order: Pick<AdminOrder, 'delivery'> }) {
  const { t } = useTranslation()
  const { delivery } = order
  if (!delivery) return <>{t('delivery.kinds.delivery')}</>
  return (
    <>
      {deliveryLine(delivery.name, delivery.zoneName)}
      {delivery.pickupAddress && (
        <span className="block text-sm text-muted">
          {t('delivery.pickupAt', { address: delivery.pickupAddress })}
        </span>
      )}
    </>
  )
}

export function PaymentSection({ order }: { order: AdminOrder }) {
  const { t } = useTranslation()
  return (
    <section>
      <h3 className={sectionTitle}>{t('admin.orders.detail.payment')}</h3>
      {order.payment ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
          <dt>{t('admin.orders.detail.cardHolder')}</dt>
          <dd>{order.payment.cardHolderName ?? '—'}</dd>
          <dt>{t('admin.orders.detail.card')}</dt>
          <dd>
            <CardSummary
              brandId={order.payment.brandId}
              brandName={order.payment.brandName}
              fourDigits={order.payment.fourDigits ?? ''}
            />
          </dd>
          <dt>{t('admin.orders.detail.idNumber')}</dt>
          <dd dir="ltr" className="text-end">
            {order.payment.identificationNumber ?? '—'}
          </dd>
          <dt>{t('admin.orders.detail.transaction')}</dt>
          <dd dir="ltr" className="text-end">
            {order.transactionUid ?? '—'}
          </dd>
        </dl>
      ) : (
        <p className="text-muted">{t('admin.orders.detail.noPayment')}</p>
      )}
      {order.needsReview && (
        <p className="mt-2 font-semibold">
          {t('admin.orders.needsReview')}: <ReviewReasonText text={order.reviewReason} />
        </p>
      )}
    </section>
  )
}

export function HistorySection({ order }: { order: AdminOrder }) {
  const { t } = useTranslation()
  // Named by its heading: the dialog holds other lists (the mails sent, issue 41).
  const titleId = useId()
  return (
    <section>
      <h3 id={titleId} className={sectionTitle}>
        {t('admin.orders.detail.history')}
      </h3>
      <ol aria-labelledby={titleId} className="flex flex-col gap-1">
        {(order.statusHistory ?? []).map((entry) => (
          <li key={`${entry.status}-${entry.at}`} className="flex flex-wrap gap-x-3">
            <span className="font-semibold">{t(`admin.orders.statuses.${entry.status}`)}</span>
            <span className="text-muted">{formatDateTime(entry.at)}</span>
            <span className="text-muted" dir="auto">
              {entry.actorEmail ?? t('admin.orders.detail.bySystem')}
            </span>
          </li>
        ))}
      </ol>
    </section>
  )
}

/** Why the order was set aside, in Hebrew; a reason of an older form as the general advice. */
function ReviewReasonText({ text }: { text: string | null }) {
  const { t } = useTranslation()
  const reason = parseReviewReason(text)
  if (!reason) return <>{t('admin.orders.review.unknown')}</>
  const { code, ...values } = reason
  return <>{t(`admin.orders.review.${code}`, values)}</>
}

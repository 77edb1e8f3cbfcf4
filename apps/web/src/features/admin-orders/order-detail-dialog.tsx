import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Dialog } from 'radix-ui'
import { useTranslation } from '../../lib/i18n'
import { toast } from '../../lib/notify'
import {
  ORDER_STATUS_TRANSITIONS,
  parseReviewReason,
  type AdminOrder,
  type OrderStatus,
} from '@tavlin/contracts'
import { adminOrderQueries, useChangeOrderStatus } from '../../api/admin-orders'
import { selectClass, tableClass, tdClass, thClass } from '../../components/ui/data-table'
import { submitButtonClass } from '../../components/ui/form-field'
import { CloseIcon } from '../../components/ui/icons'
import { iconButtonClass } from '../../components/ui/icon-button'
import { Spinner } from '../../components/ui/spinner'
import { Price } from '../../components/commerce/price'
import { formatDateTime } from './order-format'
import { CardSummary } from '../../components/commerce/card-summary'
import { useApiErrorText } from '../../hooks/use-api-error-text'

type OrderDetailDialogProps = { orderId: string; onClose: () => void }

/** One order in full, with the status changes the server allows from where it stands. */
export function OrderDetailDialog({ orderId, onClose }: OrderDetailDialogProps) {
  const { t } = useTranslation()
  const errorText = useApiErrorText()
  const order = useQuery(adminOrderQueries.detail(orderId))
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed inset-y-0 end-0 z-50 flex w-full flex-col gap-5 overflow-y-auto bg-canvas p-6 text-ink shadow-2xl sm:max-w-2xl">
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-xl font-bold">
              {order.data
                ? t('admin.orders.detail.title', { number: order.data.number })
                : t('admin.orders.view')}
            </Dialog.Title>
            <Dialog.Close className={iconButtonClass} aria-label={t('admin.orders.detail.close')}>
              <CloseIcon />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{t('admin.orders.view')}</Dialog.Description>
          {order.isPending ? (
            <Spinner />
          ) : order.isError ? (
            <p role="alert">{t('admin.form.loadError', { message: errorText(order.error) })}</p>
          ) : (
            <OrderDetail order={order.data} />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

const sectionTitle = 'mb-2 text-lg font-bold'

function OrderDetail({ order }: { order: AdminOrder }) {
  const { t } = useTranslation()
  const { customer } = order
  return (
    <>
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
      </section>
      <section>
        <h3 className={sectionTitle}>{t('admin.orders.detail.address')}</h3>
        <p>
          {customer.address.street} {customer.address.streetNum}, {customer.address.city}
          {customer.address.postal_code ? ` ${customer.address.postal_code}` : ''}
        </p>
        {customer.notes && (
          <p className="mt-1 text-muted">
            {t('admin.orders.detail.notes')}: {customer.notes}
          </p>
        )}
      </section>
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
      <section>
        <h3 className={sectionTitle}>{t('admin.orders.detail.totals')}</h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
          <dt>{t('admin.orders.detail.subtotal')}</dt>
          <dd dir="ltr" className="text-end">
            <Price amount={order.subtotal} />
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
      <section>
        <h3 className={sectionTitle}>{t('admin.orders.detail.history')}</h3>
        <ol className="flex flex-col gap-1">
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
      <StatusChanger order={order} />
    </>
  )
}

/** Offers only ORDER_STATUS_TRANSITIONS from the current status; the server enforces the same table. */
/** Why the order was set aside, in Hebrew; a reason of an older form as the general advice. */
function ReviewReasonText({ text }: { text: string | null }) {
  const { t } = useTranslation()
  const reason = parseReviewReason(text)
  if (!reason) return <>{t('admin.orders.review.unknown')}</>
  const { code, ...values } = reason
  return <>{t(`admin.orders.review.${code}`, values)}</>
}

function StatusChanger({ order }: { order: AdminOrder }) {
  const { t } = useTranslation()
  const errorText = useApiErrorText()
  const change = useChangeOrderStatus()
  const allowed = ORDER_STATUS_TRANSITIONS[order.orderStatus]
  const [next, setNext] = useState<OrderStatus | ''>('')

  if (allowed.length === 0) {
    return (
      <section>
        <h3 className={sectionTitle}>{t('admin.orders.detail.changeStatus')}</h3>
        <p className="text-muted">{t('admin.orders.detail.noTransitions')}</p>
      </section>
    )
  }

  return (
    <section>
      <h3 className={sectionTitle}>{t('admin.orders.detail.changeStatus')}</h3>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault()
          if (!next) return
          change.mutate(
            { id: order._id, orderStatus: next },
            {
              onSuccess: (saved) => {
                toast.success(
                  t('admin.orders.detail.statusChanged', {
                    status: t(`admin.orders.statuses.${saved.orderStatus}`),
                  }),
                )
                setNext('')
              },
              onError: (error) =>
                toast.error(t('admin.orders.detail.statusError', { message: errorText(error) })),
            },
          )
        }}
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`status-${order._id}`} className="text-sm font-semibold">
            {t('admin.orders.detail.newStatus')}
          </label>
          <select
            id={`status-${order._id}`}
            className={selectClass}
            value={next}
            onChange={(event) => setNext(event.target.value as OrderStatus | '')}
          >
            <option value="">{t('admin.orders.detail.chooseStatus')}</option>
            {allowed.map((status) => (
              <option key={status} value={status}>
                {t(`admin.orders.statuses.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={submitButtonClass} disabled={!next || change.isPending}>
          {t('admin.orders.detail.apply')}
        </button>
        {change.isPending && <Spinner size="sm" />}
      </form>
    </section>
  )
}

import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Dialog } from 'radix-ui'
import { useTranslation } from '../../lib/i18n'
import { toast } from '../../lib/notify'
import { nextStatuses, type AdminOrder, type OrderStatus } from '@tavlin/contracts'
import { adminOrderQueries, useChangeOrderStatus } from '../../api/admin-orders'
import { selectClass } from '../../components/ui/data-table'
import { submitButtonClass } from '../../components/ui/form-field'
import { CloseIcon } from '../../components/ui/icons'
import { iconButtonClass } from '../../components/ui/icon-button'
import { Spinner } from '../../components/ui/spinner'
import {
  AddressSection,
  CustomerSection,
  HistorySection,
  ItemsSection,
  PaymentSection,
  TotalsSection,
  sectionTitle,
} from './order-detail-sections'
import { OrderRefundPanel } from './order-refund-panel'
import { OrderTrackingSection } from './order-tracking-form'
import { MailsSection } from './order-mails-section'
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

function OrderDetail({ order }: { order: AdminOrder }) {
  return (
    <>
      <CustomerSection order={order} />
      <AddressSection order={order} />
      <ItemsSection order={order} />
      <TotalsSection order={order} />
      <PaymentSection order={order} />
      <HistorySection order={order} />
      <OrderTrackingSection order={order} />
      <MailsSection order={order} />
      <OrderRefundPanel orderId={order._id} number={order.number} />
      <StatusChanger order={order} />
    </>
  )
}

/** Offers only the contracts' next statuses from where the order stands; the server enforces the same rule. */
function StatusChanger({ order }: { order: AdminOrder }) {
  const { t } = useTranslation()
  const errorText = useApiErrorText()
  const change = useChangeOrderStatus()
  const allowed = nextStatuses(order.orderStatus, order.statusHistory)
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

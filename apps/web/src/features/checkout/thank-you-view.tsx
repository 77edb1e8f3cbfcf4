import { useEffect, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '../../lib/i18n'
import { Link, useSearchParams } from 'react-router'
import type { ParseKeys } from '../../lib/i18n'
import { PACKAGE_SIZE, type OrderStatus, type ThankYou } from '@tavlin/contracts'
import { orderQueries } from '../../api/orders'
import { isApiError } from '../../lib/api-error'
import { submitButtonClass } from '../../components/ui/form-field'
import { PageSpinner } from '../../components/ui/spinner'
import { paths } from '../../config/paths'
import { usePageMeta } from '../../hooks/use-page-meta'
import { useCartStore } from '../../stores/cart-store'
import { secondaryButtonClass } from './checkout-shared'
import { Price } from '../../components/commerce/price'
import { clearPendingPayment, forgetAttempt, readPendingPayment } from './pending-payment'
import { clearCheckoutDraft } from './checkout-draft'
import { TotalsList } from './totals-list'
import { ThankYouDelivery } from './thank-you-delivery'
import { TrackingDetails } from '../../components/commerce/tracking-details'
import { CardSummary } from '../../components/commerce/card-summary'

const PAID: readonly OrderStatus[] = ['paid', 'preparing', 'shipped', 'delivered', 'refunded']

/** Home and continue-shopping end the purchase: the cart and the pending record go. */
function LeaveLinks() {
  const { t } = useTranslation()
  const clearCart = useCartStore((state) => state.clear)
  const handleLeave = () => {
    clearCart()
    clearPendingPayment()
  }
  return (
    <div className="flex flex-wrap gap-3">
      <Link to={paths.products} onClick={handleLeave} className={submitButtonClass}>
        {t('thankYou.continueShopping')}
      </Link>
      <Link to={paths.home} onClick={handleLeave} className={secondaryButtonClass}>
        {t('thankYou.home')}
      </Link>
    </div>
  )
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  // The tab says what the heading says: an error is not a thank-you.
  usePageMeta({ title, isIndexable: false })
  return (
    <>
      <h1 className="mb-8 text-3xl font-extrabold tracking-tight md:text-4xl">{title}</h1>
      <div className="grid gap-6 rounded-3xl border border-line bg-surface p-6 shadow-sm md:p-10">
        {children}
      </div>
    </>
  )
}

function ErrorPanel({ message }: { message: ParseKeys }) {
  const { t } = useTranslation()
  return (
    <Panel title={t('errors.generic.title')}>
      <p role="alert" className="text-lg font-medium text-red-700 dark:text-red-300">
        {t(message)}
      </p>
      <LeaveLinks />
    </Panel>
  )
}

function errorKey(error: unknown): ParseKeys {
  return isApiError(error) && error.status === 404 ? 'errors.orderNotFound' : 'errors.orderError'
}

function OrderNumber({ number }: { number: string }) {
  const { t } = useTranslation()
  return (
    <dl>
      <dt className="text-sm text-muted">{t('thankYou.orderNumber')}</dt>
      <dd className="text-2xl font-bold">
        <bdi dir="ltr">{number}</bdi>
      </dd>
    </dl>
  )
}

const row = 'flex flex-wrap items-baseline justify-between gap-x-4'

/** How the order was paid: the card holder, the id number and the card, never the full number. */
function PaymentDetails({ card }: { card: NonNullable<ThankYou['card_information']> }) {
  const { t } = useTranslation()
  return (
    <section aria-labelledby="thank-you-payment" className="rounded-2xl bg-surface-2 p-4">
      <h2 id="thank-you-payment" className="mb-3 text-lg font-bold">
        {t('thankYou.paymentTitle')}
      </h2>
      <dl className="grid gap-2">
        <div className={row}>
          <dt className="text-muted">{t('thankYou.cardHolder')}</dt>
          <dd>{card.card_holder_name}</dd>
        </div>
        <div className={row}>
          <dt className="text-muted">{t('thankYou.idNumber')}</dt>
          <dd>
            <bdi dir="ltr">{card.identification_number}</bdi>
          </dd>
        </div>
        <div className={row}>
          <dt className="text-muted">{t('thankYou.card')}</dt>
          <dd>
            <CardSummary brandId={card.brand_id} brandName={card.brand_name} fourDigits={card.four_digits} />
          </dd>
        </div>
      </dl>
    </section>
  )
}

function Confirmation({ order }: { order: ThankYou }) {
  const { t } = useTranslation()
  const card = order.card_information
  return (
    <Panel title={t('pages.thankYou.title')}>
      <div className="grid gap-2">
        <p className="text-lg">{t('thankYou.intro')}</p>
        <OrderNumber number={order.number} />
        <p className="text-muted">
          {t('thankYou.emailSent')} <bdi dir="ltr">{order.customer_email}</bdi>
        </p>
      </div>

      {card && <PaymentDetails card={card} />}

      <section aria-labelledby="thank-you-items">
        <h2 id="thank-you-items" className="mb-3 text-lg font-bold">
          {t('thankYou.itemsTitle')}
        </h2>
        <ul className="mb-4 grid gap-2">
          {order.orderItems.map((line) => (
            <li key={`${line.itemId}-${line.size}`} className="flex items-start justify-between gap-4">
              <div>
                <p className="font-medium">
                  {line.item.name}
                  {line.size !== PACKAGE_SIZE && (
                    <span className="font-normal text-muted"> · {line.size}</span>
                  )}
                </p>
                <p className="text-sm text-muted">
                  <bdi dir="ltr">
                    {line.quantity} × <Price amount={line.price} />
                  </bdi>
                </p>
              </div>
              <Price amount={line.lineTotal} className="shrink-0 font-semibold" />
            </li>
          ))}
        </ul>
        <TotalsList
          subtotal={order.subtotal}
          discount={order.discount}
          couponCode={order.couponCode}
          shippingFee={order.shippingFee}
          vat={order.vat}
          vatPercent={Math.round(order.vatRate * 10_000) / 100}
          totalPrice={order.totalPrice}
        />
      </section>

      <ThankYouDelivery order={order} />
      <LeaveLinks />
    </Panel>
  )
}

/**
 * The order is paid: what was in the cart is now in it, and the details typed at checkout
 * are not kept on this device any longer (decision 255).
 */
function useEndOfPurchase(isPaid: boolean) {
  const clearCart = useCartStore((state) => state.clear)
  useEffect(() => {
    if (!isPaid) return
    clearCart()
    clearCheckoutDraft()
    forgetAttempt()
  }, [isPaid, clearCart])
}

function FullConfirmation({ orderId, transactionUid }: { orderId: string; transactionUid: string }) {
  const query = useQuery(orderQueries.thankYou(orderId, transactionUid))
  const isPaid = query.data !== undefined && PAID.includes(query.data.orderStatus)
  useEndOfPurchase(isPaid)

  if (query.isPending) return <PageSpinner />
  if (query.isError) return <ErrorPanel message={errorKey(query.error)} />
  if (!isPaid) return <ErrorPanel message="errors.orderError" />
  return <Confirmation order={query.data} />
}

/**
 * Arrived from the payment-pending page, or from an empty return of PayPlus: only the order
 * id and its status token are known (this tab's, or the one the return's address carried).
 */
function StatusConfirmation({ orderId, token }: { orderId: string; token: string }) {
  const { t } = useTranslation()
  const query = useQuery(orderQueries.status(orderId, token))
  const isPaid = query.data !== undefined && PAID.includes(query.data.orderStatus)
  useEndOfPurchase(isPaid)

  if (query.isPending) return <PageSpinner />
  if (query.isError) return <ErrorPanel message={errorKey(query.error)} />
  if (!isPaid) return <ErrorPanel message="errors.orderError" />
  return (
    <Panel title={t('pages.thankYou.title')}>
      <p className="text-lg">{t('thankYou.intro')}</p>
      <OrderNumber number={query.data.number} />
      <p className="text-muted">{t('thankYou.paidShort')}</p>
      {query.data.tracking && (
        <section aria-label={t('tracking.title')}>
          <TrackingDetails tracking={query.data.tracking} />
        </section>
      )}
      <LeaveLinks />
    </Panel>
  )
}

/**
 * Reads the clean address the server makes of PayPlus's return (transaction_uid, more_info =
 * our order id), or of an empty return (more_info and the order's status token).
 */
export function ThankYouView() {
  const [params] = useSearchParams()
  const transactionUid = params.get('transaction_uid')
  const moreInfo = params.get('more_info')
  if (!transactionUid && !moreInfo) return <ErrorPanel message="thankYou.noTransaction" />

  const record = readPendingPayment()
  const orderId = moreInfo ?? record?.orderId
  const token = params.get('token') ?? (record?.orderId === orderId ? record?.statusToken : undefined)
  if (orderId && transactionUid) return <FullConfirmation orderId={orderId} transactionUid={transactionUid} />
  if (orderId && token) return <StatusConfirmation orderId={orderId} token={token} />
  return <ErrorPanel message="errors.orderNotFound" />
}

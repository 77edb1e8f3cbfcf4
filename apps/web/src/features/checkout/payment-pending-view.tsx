import { useEffect, useState, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '../../lib/i18n'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router'
import type { OrderStatus } from '@tavlin/contracts'
import { orderQueries } from '../../api/orders'
import { isApiError } from '../../lib/api-error'
import { submitButtonClass } from '../../components/ui/form-field'
import { Spinner } from '../../components/ui/spinner'
import { paths } from '../../config/paths'
import { usePageMeta } from '../../hooks/use-page-meta'
import { secondaryButtonClass, type PaymentPendingState } from './checkout-shared'
import { clearPendingPayment, isPaymentUrl, readPendingPayment, type PendingPayment } from './pending-payment'

/** The order this page follows: the tab's own record, or the order and token of PayPlus's return. */
type Tracked = Pick<PendingPayment, 'orderId' | 'statusToken'> & {
  number: string | null
  paymentLink: string | null
}

const PAID: readonly OrderStatus[] = ['paid', 'preparing', 'shipped', 'delivered', 'refunded']

/** The page's heading and tab title say where the payment stands, not only "waiting". */
function Panel({
  title,
  isProblem = false,
  children,
}: {
  title: string
  isProblem?: boolean
  children: ReactNode
}) {
  usePageMeta({ title, isIndexable: false })
  return (
    <>
      <h1
        className={`mb-8 text-3xl font-extrabold tracking-tight md:text-4xl ${isProblem ? 'text-red-700 dark:text-red-300' : ''}`}
      >
        {title}
      </h1>
      <div className="grid gap-5 rounded-3xl border border-line bg-surface p-6 shadow-sm md:p-10">
        {children}
      </div>
    </>
  )
}

function TryAgain({ text }: { text: string }) {
  const { t } = useTranslation()
  return (
    <div role="alert" className="grid justify-items-start gap-3">
      <p className="text-lg text-muted">{text}</p>
      <Link to={paths.checkout} onClick={clearPendingPayment} className={submitButtonClass}>
        {t('paymentPending.tryAgain')}
      </Link>
    </div>
  )
}

/** Follows the order whose payment page is open (or came back failed) until it is settled. */
export function PaymentPendingView() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const state = useLocation().state as PaymentPendingState | null
  const record: PendingPayment | null = readPendingPayment()
  // PayPlus's return names the order (and carries its status token); otherwise it is the one this tab started.
  const orderId = params.get('order') ?? record?.orderId ?? null
  const isFailedRedirect = params.get('failed') === '1'
  const urlToken = params.get('token')
  const tracked: Tracked | null =
    record && record.orderId === orderId
      ? record
      : orderId && urlToken
        ? { orderId, statusToken: urlToken, number: null, paymentLink: null }
        : null

  const status = useQuery({
    ...orderQueries.status(tracked?.orderId ?? '', tracked?.statusToken ?? ''),
    enabled: tracked !== null,
  })
  const orderStatus = status.data?.orderStatus
  const number = status.data?.number ?? tracked?.number ?? null
  const paymentLink = status.data?.paymentLink ?? tracked?.paymentLink ?? null
  const isPaid = orderStatus !== undefined && PAID.includes(orderStatus)

  const trackedId = tracked?.orderId
  useEffect(() => {
    if (isPaid && trackedId) {
      void navigate(`${paths.thankYou}?${new URLSearchParams({ more_info: trackedId }).toString()}`, {
        replace: true,
      })
    }
  }, [isPaid, trackedId, navigate])

  if (!tracked && !isFailedRedirect) return <NoPendingPayment />

  const view = viewOf({
    isNotFound: isApiError(status.error) && status.error.status === 404,
    orderStatus,
    isDeclined: status.data?.isDeclined === true,
    isFailedRedirect,
    isTracked: tracked !== null,
  })
  const isProblem = view !== 'open' && view !== 'paid'
  const payableUntil = status.data?.payableUntil ?? null

  return (
    <Panel title={t(TITLES[view])} isProblem={isProblem}>
      {number && (
        <dl>
          <dt className="text-sm text-muted">{t('paymentPending.orderNumber')}</dt>
          <dd className="text-2xl font-bold">
            <bdi dir="ltr">{number}</bdi>
          </dd>
        </dl>
      )}
      {view === 'notFound' && <p role="alert">{t('paymentPending.notFound')}</p>}
      {view === 'failed' && <TryAgain text={t('paymentPending.failedText')} />}
      {view === 'cancelled' && <TryAgain text={t('paymentPending.cancelledText')} />}
      {view === 'paid' && (
        <p role="status" className="text-lg font-semibold">
          {t('paymentPending.paid')}
        </p>
      )}
      {view === 'declined' && <Declined paymentLink={paymentLink} />}
      {view === 'open' && (
        <StillOpen
          isTracked={tracked !== null}
          paymentLink={paymentLink}
          isPopupBlocked={state?.isPopupBlocked === true}
          isStatusError={status.isError}
        />
      )}
      {(view === 'open' || view === 'declined') && payableUntil && <HoldCountdown until={payableUntil} />}
    </Panel>
  )
}

type View = 'notFound' | 'failed' | 'cancelled' | 'paid' | 'declined' | 'open'

const TITLES = {
  notFound: 'paymentPending.notFoundTitle',
  failed: 'paymentPending.failedTitle',
  cancelled: 'paymentPending.cancelledTitle',
  paid: 'paymentPending.paidTitle',
  declined: 'paymentPending.failedTitle',
  open: 'pages.paymentPending.title',
} as const satisfies Record<View, string>

/**
 * Where the payment stands. A declined card ends the attempt, not the order: while its page
 * is open the shopper may try another card there (issue 32); only a failed or cancelled order
 * sends them back to checkout.
 */
function viewOf(input: {
  isNotFound: boolean
  orderStatus: OrderStatus | undefined
  isDeclined: boolean
  isFailedRedirect: boolean
  isTracked: boolean
}): View {
  const { orderStatus } = input
  if (input.isNotFound) return 'notFound'
  if (orderStatus === 'failed') return 'failed'
  if (orderStatus === 'cancelled') return 'cancelled'
  if (orderStatus !== undefined && PAID.includes(orderStatus)) return 'paid'
  if (orderStatus === 'pending_payment' && (input.isDeclined || input.isFailedRedirect)) return 'declined'
  if (orderStatus === undefined && input.isFailedRedirect) return input.isTracked ? 'declined' : 'failed'
  return 'open'
}

/**
 * The card was refused: the same page takes another, while it is open. "לנסות שוב" goes back
 * to the checkout, filled in as it was; sent unchanged, it comes back to this same order
 * (decision 255), so the pending record is kept.
 */
function Declined({ paymentLink }: { paymentLink: string | null }) {
  const { t } = useTranslation()
  return (
    <div role="alert" className="grid justify-items-start gap-3">
      <p className="text-lg text-muted">{t('paymentPending.declinedText')}</p>
      <div className="flex flex-wrap gap-3">
        {paymentLink && isPaymentUrl(paymentLink) && (
          <a href={paymentLink} className={submitButtonClass}>
            {t('paymentPending.backToPayment')}
          </a>
        )}
        <Link to={paths.checkout} className={secondaryButtonClass}>
          {t('paymentPending.tryAgain')}
        </Link>
      </div>
    </div>
  )
}

/** How long the order keeps its items and its payment page, to the second (issue 32). */
function HoldCountdown({ until }: { until: string }) {
  const { t } = useTranslation()
  const end = Date.parse(until)
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  const left = Math.max(0, Math.ceil((end - now) / 1000))
  if (left === 0) return <p className="text-muted">{t('paymentPending.holdOver')}</p>
  const clock = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`
  return (
    <p className="text-muted">
      {t('paymentPending.holdLeft')}{' '}
      <time dateTime={`PT${left}S`} className="font-semibold tabular-nums">
        <bdi dir="ltr">{clock}</bdi>
      </time>
    </p>
  )
}

function NoPendingPayment() {
  const { t } = useTranslation()
  return (
    <Panel title={t('paymentPending.noPendingTitle')}>
      <p className="text-lg">{t('paymentPending.noPending')}</p>
      <Link to={paths.products} className={`${submitButtonClass} justify-self-start`}>
        {t('checkout.backToShop')}
      </Link>
    </Panel>
  )
}

type StillOpenProps = {
  isTracked: boolean
  paymentLink: string | null
  isPopupBlocked: boolean
  isStatusError: boolean
}

/** Not settled yet: the way (back) to the payment page, and the status while it is polled. */
function StillOpen({ isTracked, paymentLink, isPopupBlocked, isStatusError }: StillOpenProps) {
  const { t } = useTranslation()
  return (
    <>
      <p className="max-w-prose text-lg text-muted">{t('paymentPending.intro')}</p>
      {isPopupBlocked && (
        <p role="alert" className="rounded-2xl border border-saffron p-4 font-medium">
          {t('paymentPending.popupBlocked')}
        </p>
      )}
      {paymentLink && isPaymentUrl(paymentLink) && (
        <a
          href={paymentLink}
          target="_blank"
          rel="noopener noreferrer"
          className={`${submitButtonClass} justify-self-start`}
        >
          {t('paymentPending.openPayment')}
        </a>
      )}
      {isTracked && (
        <div className="flex items-center gap-3 text-muted" aria-live="polite">
          <Spinner size="sm" />
          <span>{isStatusError ? t('paymentPending.statusError') : t('paymentPending.waiting')}</span>
        </div>
      )}
    </>
  )
}

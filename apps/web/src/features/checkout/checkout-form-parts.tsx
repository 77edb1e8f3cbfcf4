import { useId, type BaseSyntheticEvent } from 'react'
import type { QueryObserverResult } from '@tanstack/react-query'
import { PACKAGE_SIZE, type OutOfStockLine } from '@tavlin/contracts'
import { useTranslation, type ParseKeys } from '../../lib/i18n'
import { submitButtonClass } from '../../components/ui/form-field'
import { Spinner } from '../../components/ui/spinner'
import { MarketingConsentCheckbox } from '../../components/ui/consent-fields'
import type { CartLine } from '../../stores/cart-store'
import { OrderSummary, type ChangedPrices } from './order-summary'
import { secondaryButtonClass } from './checkout-shared'
import { SummaryLoadErrors, useSummaryLoadErrors } from './summary-load-errors'
import type { OrderTotals } from './totals'
import { CouponField } from './coupon-field'
import type { CheckoutCoupon } from './use-checkout-coupon'

// The parts of the checkout form around the fields: the summary beside it, its alerts and buttons.

/** A 409 OUT_OF_STOCK: which items ran out and what is left of each, by name. */
export function OutOfStockAlert({ items }: { items: OutOfStockLine[] }) {
  const { t } = useTranslation()
  return (
    <div role="alert" className="font-medium text-red-700 sm:col-span-2 dark:text-red-300">
      <p>{t('stock.outOfStockTitle')}</p>
      <ul className="list-disc ps-5">
        {items.map((item) => (
          <li key={`${item.itemId}|${item.size}`}>
            {t('stock.outOfStockLine', {
              item: item.size === PACKAGE_SIZE ? item.name : `${item.name} (${item.size})`,
              requested: item.requested,
              left: item.left,
            })}
          </li>
        ))}
      </ul>
      <p>{t('stock.outOfStockHint')}</p>
    </div>
  )
}

/** What the alert under the form says after a failed submission. */
export function SubmitFailure({ message }: { message: ParseKeys }) {
  const { t } = useTranslation()
  return (
    <p role="alert" className="font-medium text-red-700 sm:col-span-2 dark:text-red-300">
      {t(message)}
    </p>
  )
}

type CheckoutSummaryProps = {
  lines: CartLine[]
  /** The shop's settings and delivery methods: what the totals need. */
  settings: readonly QueryObserverResult[]
  totals: OrderTotals | null
  changed: ChangedPrices
  coupon: CheckoutCoupon
  email: () => string
}

/** The order summary beside the form: changed prices, load failures, lines and totals. */
export function CheckoutSummary({ lines, settings, totals, changed, coupon, email }: CheckoutSummaryProps) {
  const { t } = useTranslation()
  const summaryHeadingId = useId()
  const loadErrors = useSummaryLoadErrors(lines, settings)
  // The settings' failure is told above the summary with the others; no spinner for it then.
  const totalsFallback = settings.some((query) => query.isError) ? null : (
    <Spinner size="sm" className="mt-2" />
  )
  return (
    <section
      aria-labelledby={summaryHeadingId}
      className="rounded-3xl bg-surface-2 p-5 md:p-6 lg:sticky lg:top-24 lg:order-last"
    >
      <h2 id={summaryHeadingId} className="mb-4 text-xl font-bold">
        {t('checkout.summaryTitle')}
      </h2>
      {changed.size > 0 && (
        <div role="alert" className="mb-4 rounded-2xl border border-saffron bg-surface p-4">
          <p className="font-bold">{t('checkout.priceChangedTitle')}</p>
          <p className="mt-1 text-sm text-muted">{t('checkout.priceChangedText')}</p>
        </div>
      )}
      <SummaryLoadErrors errors={loadErrors.errors} onRetry={loadErrors.retry} />
      <OrderSummary lines={lines} totals={totals} changed={changed} totalsFallback={totalsFallback} />
      <CouponField coupon={coupon} email={email} />
      <p className="mt-3 text-sm text-muted">{t('checkout.pricesIncludeVat')}</p>
    </section>
  )
}

type FormActionsProps = {
  isSubmitting: boolean
  isRetrying: boolean
  canSubmit: boolean
  onCancel: () => void
  onClearCart: () => void
}

export function FormActions({
  isSubmitting,
  isRetrying,
  canSubmit,
  onCancel,
  onClearCart,
}: FormActionsProps) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
      <button type="submit" disabled={isSubmitting || !canSubmit} className={submitButtonClass}>
        {isSubmitting ? t('checkout.processing') : t('checkout.submit')}
      </button>
      {isSubmitting && <Spinner size="sm" />}
      {isRetrying && (
        <p role="status" className="text-sm text-muted sm:basis-full">
          {t('checkout.stillTrying')}
        </p>
      )}
      <button type="button" disabled={isSubmitting} onClick={onCancel} className={secondaryButtonClass}>
        {t('checkout.cancel')}
      </button>
      <button
        type="button"
        disabled={isSubmitting}
        onClick={onClearCart}
        className="ms-auto min-h-11 px-2 font-semibold text-primary underline-offset-4 hover:underline disabled:cursor-not-allowed disabled:opacity-60"
      >
        {t('checkout.clearCart')}
      </button>
    </div>
  )
}

const MARKETING_BOX = 'marketingConsent'

/** Whether the marketing box of the form being submitted is ticked. */
export function isMarketingTicked(event: BaseSyntheticEvent | undefined): boolean {
  const form = event?.target
  if (!(form instanceof HTMLFormElement)) return false
  const box = form.elements.namedItem(MARKETING_BOX)
  return box instanceof HTMLInputElement && box.checked
}

/**
 * The unticked marketing box (Communications Law §30א, issue 36): a tick asks the address to
 * confirm joining the mailing list; only then may the shop send advertising, such as the one
 * reminder of a checkout left unpaid (decision 282). Left out of the form's values and the saved
 * draft, so it starts unticked on every visit; read from the submitted form.
 */
export function MarketingConsentField() {
  const { t } = useTranslation()
  const hintId = useId()
  return (
    <div className="flex flex-col gap-1 sm:col-span-2">
      <MarketingConsentCheckbox name={MARKETING_BOX} aria-describedby={hintId} />
      <p id={hintId} className="ms-7 text-sm text-muted">
        {t('checkout.marketingHint')}
      </p>
    </div>
  )
}

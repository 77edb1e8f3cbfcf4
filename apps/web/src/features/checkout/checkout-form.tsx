import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery, type QueryObserverResult } from '@tanstack/react-query'
import { useTranslation } from '../../lib/i18n'
import { useNavigate } from 'react-router'
import {
  CheckoutCustomerSchema,
  PACKAGE_SIZE,
  type CheckoutCustomer,
  type OutOfStockLine,
} from '@tavlin/contracts'
import { configQueries } from '../../api/config'
import { submitButtonClass } from '../../components/ui/form-field'
import { Spinner } from '../../components/ui/spinner'
import { paths } from '../../config/paths'
import { useCartStore, type CartLine } from '../../stores/cart-store'
import { CustomerFields } from './customer-fields'
import { OrderSummary, type ChangedPrices } from './order-summary'
import { secondaryButtonClass } from './checkout-shared'
import { SummaryLoadErrors, useSummaryLoadErrors } from './summary-load-errors'
import { computeTotals, type OrderTotals } from './totals'
import { usePlaceOrder } from './use-place-order'
import { CouponField } from './coupon-field'
import { useCheckoutCoupon, type CheckoutCoupon } from './use-checkout-coupon'

const EMPTY: CheckoutCustomer = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: { street: '', streetNum: '', city: '', entrance: '', floor: '', apartment: '', postal_code: '' },
  notes: '',
}

/** The delivery form and the order summary: loaded only when the cart has something in it. */
export function CheckoutForm() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const formHeadingId = useId()
  const lines = useCartStore((state) => state.lines)
  const clearCart = useCartStore((state) => state.clear)
  const isEmpty = lines.length === 0
  const config = useQuery({ ...configQueries.public(), enabled: !isEmpty })

  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    getValues,
    formState: { errors },
  } = useForm<CheckoutCustomer>({ resolver: zodResolver(CheckoutCustomerSchema), defaultValues: EMPTY })
  const coupon = useCheckoutCoupon(lines)
  const order = usePlaceOrder(lines, { setError, setFocus }, coupon)

  const totals = config.data ? computeTotals(lines, config.data, coupon.applied) : null
  const { isSubmitting } = order

  const onSubmit = handleSubmit((customer) => {
    if (isEmpty || !totals) return
    order.placeOrder(customer, totals.totalPrice)
  })

  const handleCancel = () => {
    reset(EMPTY)
    void navigate(paths.products)
  }

  const handleClearCart = () => {
    clearCart()
    reset(EMPTY)
    void navigate(paths.products)
  }

  // Cleared (the clear-cart button): CheckoutView shows the empty cart instead.
  if (isEmpty) return null

  return (
    <div className="grid items-start gap-8 lg:grid-cols-[1.5fr_1fr]">
      <CheckoutSummary
        lines={lines}
        config={config}
        totals={totals}
        changed={order.changed}
        coupon={coupon}
        email={() => getValues('email')}
      />
      <section
        aria-labelledby={formHeadingId}
        className="rounded-3xl border border-line bg-surface p-5 shadow-sm md:p-8"
      >
        <h2 id={formHeadingId} className="mb-5 text-xl font-bold">
          {t('checkout.formTitle')}
        </h2>
        <form noValidate onSubmit={onSubmit} aria-busy={isSubmitting} className="grid gap-4 sm:grid-cols-2">
          <fieldset disabled={isSubmitting} className="contents">
            <CustomerFields register={register} errors={errors} />
          </fieldset>
          {order.short.length > 0 && <OutOfStockAlert items={order.short} />}
          {order.failure && (
            <p role="alert" className="font-medium text-red-700 sm:col-span-2 dark:text-red-300">
              {t(order.failure)}
            </p>
          )}
          <FormActions
            isSubmitting={isSubmitting}
            isRetrying={order.isRetrying}
            canSubmit={totals !== null}
            onCancel={handleCancel}
            onClearCart={handleClearCart}
          />
        </form>
      </section>
    </div>
  )
}

/** A 409 OUT_OF_STOCK: which items ran out and what is left of each, by name. */
function OutOfStockAlert({ items }: { items: OutOfStockLine[] }) {
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

type CheckoutSummaryProps = {
  lines: CartLine[]
  config: QueryObserverResult
  totals: OrderTotals | null
  changed: ChangedPrices
  coupon: CheckoutCoupon
  email: () => string
}

/** The order summary beside the form: changed prices, load failures, lines and totals. */
function CheckoutSummary({ lines, config, totals, changed, coupon, email }: CheckoutSummaryProps) {
  const { t } = useTranslation()
  const summaryHeadingId = useId()
  const loadErrors = useSummaryLoadErrors(lines, config)
  // The settings' failure is told above the summary with the others; no spinner for it then.
  const totalsFallback = config.isError ? null : <Spinner size="sm" className="mt-2" />
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

function FormActions({ isSubmitting, isRetrying, canSubmit, onCancel, onClearCart }: FormActionsProps) {
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

import { useEffect, useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '../../lib/i18n'
import { useNavigate } from 'react-router'
import type { ParseKeys } from '../../lib/i18n'
import { CheckoutCustomerSchema, type CheckoutCustomer, type GenerateSaleRequest } from '@tavlin/contracts'
import { configQueries } from '../../api/config'
import { canRepeatWithSameKey, useGenerateSale } from '../../api/orders'
import { TextAreaField, TextField, submitButtonClass } from '../../components/ui/form-field'
import { Spinner } from '../../components/ui/spinner'
import { paths } from '../../config/paths'
import { useCartStore } from '../../stores/cart-store'
import { applyServerFieldErrors, priceChangeOf, submitErrorKey, type CustomerField } from './checkout-errors'
import { OrderSummary, lineKey, type ChangedPrices } from './order-summary'
import { isPaymentUrl, newIdempotencyKey, savePendingPayment } from './pending-payment'
import { secondaryButtonClass, type PaymentPendingState } from './checkout-shared'
import { SummaryLoadErrors, useSummaryLoadErrors } from './summary-load-errors'
import { computeTotals } from './totals'

const EMPTY: CheckoutCustomer = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: { street: '', streetNum: '', city: '', postal_code: '' },
  notes: '',
}

/** The schema's messages are translation keys; its few length limits carry library text. */
function useErrorText() {
  const { t, i18n } = useTranslation()
  return (message: string | undefined) =>
    message ? (i18n.exists(message) ? t(message as ParseKeys) : t('validation.tooLong')) : undefined
}

/** The delivery form and the order summary: loaded only when the cart has something in it. */
export function CheckoutForm() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const errorText = useErrorText()
  const summaryHeadingId = useId()
  const formHeadingId = useId()
  const lines = useCartStore((state) => state.lines)
  const clearCart = useCartStore((state) => state.clear)
  const applyPrices = useCartStore((state) => state.applyPrices)
  const isEmpty = lines.length === 0
  const config = useQuery({ ...configQueries.public(), enabled: !isEmpty })
  const loadErrors = useSummaryLoadErrors(lines, config)
  const sale = useGenerateSale()
  const [changed, setChanged] = useState<ChangedPrices>(new Map())
  const [failure, setFailure] = useState<ParseKeys | null>(null)
  const [fieldToFocus, setFieldToFocus] = useState<CustomerField | null>(null)
  // The key of an attempt that may have left an order on the server: sent again with the
  // same cart and details, so the server answers with that order instead of a second one.
  const [openAttempt, setOpenAttempt] = useState<{ key: string; body: string } | null>(null)

  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<CheckoutCustomer>({ resolver: zodResolver(CheckoutCustomerSchema), defaultValues: EMPTY })

  const totals = config.data ? computeTotals(lines, config.data) : null
  const isSubmitting = sale.isPending

  // A server-rejected field is focused once the form is enabled again.
  useEffect(() => {
    if (!isSubmitting && fieldToFocus) setFocus(fieldToFocus)
  }, [isSubmitting, fieldToFocus, setFocus])

  const onSubmit = handleSubmit((customer) => {
    if (isEmpty || !totals) return
    const request: GenerateSaleRequest = {
      orderItems: lines.map(({ itemId, itemType, size, quantity, price }) => ({
        itemId,
        itemType,
        size,
        quantity,
        price,
      })),
      totalPrice: totals.totalPrice,
      customer,
    }
    setFailure(null)
    setFieldToFocus(null)
    setChanged(new Map())
    const body = JSON.stringify(request)
    const idempotencyKey = openAttempt?.body === body ? openAttempt.key : newIdempotencyKey()
    setOpenAttempt({ key: idempotencyKey, body })
    sale.mutate(
      { request, idempotencyKey },
      {
        onSuccess: ({ paymentLink, order }) => {
          setOpenAttempt(null)
          if (!isPaymentUrl(paymentLink)) {
            setFailure('invalidPaymentUrl')
            return
          }
          savePendingPayment({
            orderId: order._id,
            number: order.number,
            paymentLink,
            statusToken: order.statusToken,
            createdAt: Date.now(),
          })
          const tab = window.open(paymentLink, '_blank')
          // Opened without `noopener` so a blocked pop-up is detectable (null); the
          // payment page still gets no handle on this tab.
          if (tab) tab.opener = null
          const state: PaymentPendingState = { isPopupBlocked: !tab }
          void navigate(paths.paymentPending, { state })
        },
        onError: (error) => {
          if (!canRepeatWithSameKey(error)) setOpenAttempt(null)
          const current = priceChangeOf(error)
          if (current) {
            const before = new Map(lines.map((line) => [lineKey(line), line.price]))
            setChanged(
              new Map(
                current.orderItems
                  .filter((item) => before.has(lineKey(item)) && before.get(lineKey(item)) !== item.price)
                  .map((item) => [lineKey(item), before.get(lineKey(item)) ?? item.price]),
              ),
            )
            applyPrices(current.orderItems)
            return
          }
          const firstField = applyServerFieldErrors(error, setError)
          if (!firstField) {
            setFailure(submitErrorKey(error))
            return
          }
          setFailure('checkout.invalidFields')
          setFieldToFocus(firstField)
        },
      },
    )
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

  // The settings' failure is told above the summary with the others; no spinner for it then.
  const totalsFallback = config.isError ? null : <Spinner size="sm" className="mt-2" />

  return (
    <div className="grid items-start gap-8 lg:grid-cols-[1.5fr_1fr]">
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
        <p className="mt-3 text-sm text-muted">{t('checkout.pricesIncludeVat')}</p>
      </section>

      <section
        aria-labelledby={formHeadingId}
        className="rounded-3xl border border-line bg-surface p-5 shadow-sm md:p-8"
      >
        <h2 id={formHeadingId} className="mb-5 text-xl font-bold">
          {t('checkout.formTitle')}
        </h2>
        <form noValidate onSubmit={onSubmit} aria-busy={isSubmitting} className="grid gap-4 sm:grid-cols-2">
          <fieldset disabled={isSubmitting} className="contents">
            <TextField
              label={t('checkout.firstName')}
              autoComplete="given-name"
              maxLength={100}
              error={errorText(errors.firstName?.message)}
              {...register('firstName')}
            />
            <TextField
              label={t('checkout.lastName')}
              autoComplete="family-name"
              maxLength={100}
              error={errorText(errors.lastName?.message)}
              {...register('lastName')}
            />
            <TextField
              label={t('checkout.email')}
              type="email"
              dir="ltr"
              autoComplete="email"
              maxLength={254}
              error={errorText(errors.email?.message)}
              {...register('email')}
            />
            <TextField
              label={t('checkout.phone')}
              type="tel"
              dir="ltr"
              autoComplete="tel"
              maxLength={20}
              error={errorText(errors.phone?.message)}
              {...register('phone')}
            />
            <TextField
              label={t('checkout.street')}
              autoComplete="address-line1"
              maxLength={200}
              error={errorText(errors.address?.street?.message)}
              {...register('address.street')}
            />
            <TextField
              label={t('checkout.streetNum')}
              inputMode="numeric"
              maxLength={20}
              error={errorText(errors.address?.streetNum?.message)}
              {...register('address.streetNum')}
            />
            <TextField
              label={t('checkout.city')}
              autoComplete="address-level2"
              maxLength={100}
              error={errorText(errors.address?.city?.message)}
              {...register('address.city')}
            />
            <TextField
              label={t('checkout.postalCode')}
              note={t('forms.optional')}
              inputMode="numeric"
              dir="ltr"
              autoComplete="postal-code"
              maxLength={20}
              error={errorText(errors.address?.postal_code?.message)}
              {...register('address.postal_code')}
            />
            <TextAreaField
              label={t('checkout.notes')}
              note={t('forms.optional')}
              hint={t('checkout.notesHint')}
              rows={3}
              maxLength={1000}
              className="sm:col-span-2"
              error={errorText(errors.notes?.message)}
              {...register('notes')}
            />
          </fieldset>
          {failure && (
            <p role="alert" className="font-medium text-red-700 sm:col-span-2 dark:text-red-300">
              {t(failure)}
            </p>
          )}
          <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
            <button type="submit" disabled={isSubmitting || !totals} className={submitButtonClass}>
              {isSubmitting ? t('checkout.processing') : t('checkout.submit')}
            </button>
            {isSubmitting && <Spinner size="sm" />}
            {isSubmitting && sale.failureCount > 0 && (
              <p role="status" className="text-sm text-muted sm:basis-full">
                {t('checkout.stillTrying')}
              </p>
            )}
            <button
              type="button"
              disabled={isSubmitting}
              onClick={handleCancel}
              className={secondaryButtonClass}
            >
              {t('checkout.cancel')}
            </button>
            <button
              type="button"
              disabled={isSubmitting}
              onClick={handleClearCart}
              className="ms-auto min-h-11 px-2 font-semibold text-primary underline-offset-4 hover:underline disabled:cursor-not-allowed disabled:opacity-60"
            >
              {t('checkout.clearCart')}
            </button>
          </div>
        </form>
      </section>
    </div>
  )
}

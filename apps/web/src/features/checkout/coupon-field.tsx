import { useId, useState, type KeyboardEvent } from 'react'
import { formatShekels } from '@tavlin/contracts'
import { useTranslation } from '../../lib/i18n'
import { inputClass } from '../../components/ui/form-field'
import { useApiErrorText } from '../../hooks/use-api-error-text'
import { secondaryButtonClass } from './checkout-shared'
import { couponRefusalOf, type CheckoutCoupon } from './use-checkout-coupon'

/** The coupon field of the order summary: apply a code, see the discount or the precise reason. */
export function CouponField({ coupon, email }: { coupon: CheckoutCoupon; email: () => string }) {
  const { t } = useTranslation()
  const id = useId()
  const [draft, setDraft] = useState('')
  const [isEmpty, setIsEmpty] = useState(false)
  const apply = () => {
    setIsEmpty(draft.trim() === '')
    if (draft.trim() !== '') coupon.apply(draft, email())
  }
  // Not inside the delivery form: Enter applies the code instead of placing the order.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return
    event.preventDefault()
    apply()
  }
  return (
    <div className="mt-4 grid gap-2 border-t border-line pt-4">
      <label htmlFor={id} className="font-semibold">
        {t('checkout.coupon.label')}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={id}
          dir="ltr"
          autoComplete="off"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          className={`${inputClass} min-w-0 flex-1 uppercase`}
        />
        <button type="button" onClick={apply} disabled={coupon.isChecking} className={secondaryButtonClass}>
          {coupon.isChecking ? t('checkout.coupon.checking') : t('checkout.coupon.apply')}
        </button>
      </div>
      {isEmpty && <p role="alert">{t('checkout.coupon.required')}</p>}
      <CouponStatus coupon={coupon} onRemove={() => (coupon.remove(), setDraft(''))} />
    </div>
  )
}

function CouponStatus({ coupon, onRemove }: { coupon: CheckoutCoupon; onRemove: () => void }) {
  const { t } = useTranslation()
  const errorText = useApiErrorText()
  if (coupon.error) {
    const refusal = couponRefusalOf(coupon.error)
    return (
      <p role="alert" className="font-medium text-red-700 dark:text-red-300">
        {refusal
          ? t(`checkout.coupon.errors.${refusal.code}`, {
              minimum: formatShekels(refusal.minimumOrder ?? 0),
            })
          : errorText(coupon.error)}
      </p>
    )
  }
  const { applied } = coupon
  if (!applied) return null
  const values = { code: applied.code, discount: formatShekels(applied.discount) }
  const message =
    applied.discount > 0 && applied.freeShipping
      ? t('checkout.coupon.appliedWithFreeShipping', values)
      : applied.freeShipping
        ? t('checkout.coupon.appliedFreeShipping', values)
        : t('checkout.coupon.applied', values)
  return (
    <div className="flex flex-wrap items-center gap-2">
      <p role="status" className="font-medium">
        {message}
      </p>
      <button
        type="button"
        onClick={onRemove}
        className="font-semibold text-primary underline-offset-4 hover:underline"
      >
        {t('checkout.coupon.remove')}
      </button>
    </div>
  )
}

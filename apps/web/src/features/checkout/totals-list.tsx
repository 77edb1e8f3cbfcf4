import { useTranslation } from '../../lib/i18n'
import { Price } from '../../components/commerce/price'

type TotalsListProps = {
  subtotal: number
  /** A coupon's discount: its own line when above 0. */
  discount?: number
  couponCode?: string | null
  shippingFee: number
  /** The method's fee was waived (a coupon, or the free-shipping threshold): said beside ₪0. */
  shippingWaivedBy?: 'coupon' | 'threshold' | null
  /** No delivery option chosen yet: shipping depends on it. */
  isShippingPending?: boolean
  vat: number
  vatPercent: number
  totalPrice: number
}

/** Subtotal, shipping, the VAT inside the total, and the total: the checkout and thank-you pages alike. */
export function TotalsList(props: TotalsListProps) {
  const { subtotal, discount = 0, couponCode, shippingFee, vat, vatPercent, totalPrice } = props
  const { shippingWaivedBy = null, isShippingPending = false } = props
  const { t } = useTranslation()
  const row = 'flex items-baseline justify-between gap-4'
  return (
    <dl className="grid gap-2 border-t border-line pt-4">
      <div className={row}>
        <dt className="text-muted">{t('checkout.subtotal')}</dt>
        <dd>
          <Price amount={subtotal} />
        </dd>
      </div>
      {discount > 0 && (
        <div className={row}>
          <dt className="text-muted">{t('checkout.discount', { code: couponCode ?? '' })}</dt>
          <dd dir="ltr">
            −<Price amount={discount} />
          </dd>
        </div>
      )}
      <div className={row}>
        <dt className="text-muted">{t('checkout.shipping')}</dt>
        {isShippingPending ? (
          <dd className="text-sm text-muted">{t('checkout.shippingByMethod')}</dd>
        ) : (
          <dd>
            {shippingWaivedBy && <span className="me-2 font-semibold">{t('checkout.shippingFree')}</span>}
            <Price amount={shippingFee} />
          </dd>
        )}
      </div>
      <div className={row}>
        <dt className="text-muted">{t('checkout.vatIncluded', { rate: vatPercent })}</dt>
        <dd>
          <Price amount={vat} />
        </dd>
      </div>
      <div className={`${row} border-t border-line pt-3 text-lg font-bold`}>
        <dt>{isShippingPending ? t('checkout.totalBeforeShipping') : t('checkout.total')}</dt>
        <dd>
          <Price amount={totalPrice} />
        </dd>
      </div>
    </dl>
  )
}

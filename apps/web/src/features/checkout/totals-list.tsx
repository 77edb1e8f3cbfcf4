import { useTranslation } from '../../lib/i18n'
import { Price } from '../../components/commerce/price'

type TotalsListProps = {
  subtotal: number
  /** A coupon's discount: its own line when above 0. */
  discount?: number
  couponCode?: string | null
  shippingFee: number
  vat: number
  vatPercent: number
  totalPrice: number
}

/** Subtotal, shipping, the VAT inside the total, and the total: the checkout and thank-you pages alike. */
export function TotalsList(props: TotalsListProps) {
  const { subtotal, discount = 0, couponCode, shippingFee, vat, vatPercent, totalPrice } = props
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
        <dd>
          <Price amount={shippingFee} />
        </dd>
      </div>
      <div className={row}>
        <dt className="text-muted">{t('checkout.vatIncluded', { rate: vatPercent })}</dt>
        <dd>
          <Price amount={vat} />
        </dd>
      </div>
      <div className={`${row} border-t border-line pt-3 text-lg font-bold`}>
        <dt>{t('checkout.total')}</dt>
        <dd>
          <Price amount={totalPrice} />
        </dd>
      </div>
    </dl>
  )
}

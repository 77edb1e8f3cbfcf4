import { priceOrder, toAgorot, toShekels, type DeliveryOption } from '@tavlin/contracts'
import { toPricedLine, type CartLine } from '../../stores/cart-store'

export type OrderTotals = {
  subtotal: number
  discount: number
  couponCode: string | null
  shippingFee: number
  /** Why shipping is free although the method has a fee: the coupon, or the method's threshold. */
  shippingWaivedBy: 'coupon' | 'threshold' | null
  /** No delivery option yet: the shipping line says it depends on the method, the total is without it. */
  isShippingPending: boolean
  vat: number
  /** Percent, for the label (18, not 0.18). */
  vatPercent: number
  totalPrice: number
}

/**
 * The server's figures, from the same `priceOrder` (decisions 054, 130, 228): the figures
 * shown are the figures charged.
 */
export function computeTotals(
  lines: ReadonlyArray<Pick<CartLine, 'price' | 'quantity'>>,
  settings: { vatRate: number },
  /** A coupon the server accepted for this cart: its discount and whether shipping is free. */
  coupon: { code: string; discount: number; freeShipping: boolean } | null,
  /** The delivery option chosen (or the only one); null while there is none. */
  delivery: Pick<DeliveryOption, 'feeAgorot' | 'freeAboveAgorot'> | null,
): OrderTotals {
  const pricing = priceOrder({
    lines: lines.map(toPricedLine),
    shippingAgorot: delivery?.feeAgorot ?? 0,
    freeShippingAboveAgorot: delivery?.freeAboveAgorot ?? null,
    // The server computed the coupon's discount for this cart: taken off as it is, so that
    // priceOrder alone decides whether the coupon or the threshold waives the fee.
    ...(coupon
      ? {
          discount: {
            kind: 'fixed' as const,
            value: toAgorot(coupon.discount),
            freeShipping: coupon.freeShipping,
          },
        }
      : {}),
    vatRate: settings.vatRate,
  })
  return {
    subtotal: toShekels(pricing.subtotalAgorot),
    discount: toShekels(pricing.discountAgorot),
    couponCode: coupon?.code ?? null,
    shippingFee: toShekels(pricing.shippingAgorot),
    shippingWaivedBy: pricing.shippingWaivedBy,
    isShippingPending: delivery === null,
    vat: toShekels(pricing.vatAgorot),
    vatPercent: Math.round(settings.vatRate * 10_000) / 100,
    totalPrice: toShekels(pricing.totalAgorot),
  }
}

import { priceOrder, toAgorot, toShekels } from '@tavlin/contracts'
import { toPricedLine, type CartLine } from '../../stores/cart-store'

export type OrderTotals = {
  subtotal: number
  discount: number
  couponCode: string | null
  shippingFee: number
  vat: number
  /** Percent, for the label (18, not 0.18). */
  vatPercent: number
  totalPrice: number
}

/**
 * The server's figures, from the same `priceOrder` (decisions 054, 130): the figures shown
 * are the figures charged.
 */
export function computeTotals(
  lines: ReadonlyArray<Pick<CartLine, 'price' | 'quantity'>>,
  settings: { shippingFee: number; vatRate: number },
  /** A coupon the server accepted for this cart: its discount and whether shipping is free. */
  coupon: { code: string; discount: number; freeShipping: boolean } | null = null,
): OrderTotals {
  const pricing = priceOrder({
    lines: lines.map(toPricedLine),
    shippingAgorot: coupon?.freeShipping ? 0 : toAgorot(settings.shippingFee),
    discountAgorot: coupon ? toAgorot(coupon.discount) : 0,
    vatRate: settings.vatRate,
  })
  return {
    subtotal: toShekels(pricing.subtotalAgorot),
    discount: toShekels(pricing.discountAgorot),
    couponCode: coupon?.code ?? null,
    shippingFee: toShekels(pricing.shippingAgorot),
    vat: toShekels(pricing.vatAgorot),
    vatPercent: Math.round(settings.vatRate * 10_000) / 100,
    totalPrice: toShekels(pricing.totalAgorot),
  }
}

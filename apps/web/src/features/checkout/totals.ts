import { toAgorot, toShekels, vatIncludedAgorot } from '@tavlin/contracts'

type PricedLine = { price: number; quantity: number }

export type OrderTotals = {
  subtotal: number
  shippingFee: number
  vat: number
  /** Percent, for the label (18, not 0.18). */
  vatPercent: number
  totalPrice: number
}

/**
 * The server's arithmetic (decision 054): whole agorot per line, the shipping fee once,
 * VAT as the part of the gross total (shipping included) — so the figures shown are
 * the figures charged.
 */
export function computeTotals(
  lines: readonly PricedLine[],
  settings: { shippingFee: number; vatRate: number },
): OrderTotals {
  const subtotalAgorot = lines.reduce((sum, line) => sum + toAgorot(line.price) * line.quantity, 0)
  const shippingAgorot = toAgorot(settings.shippingFee)
  const totalAgorot = subtotalAgorot + shippingAgorot
  return {
    subtotal: toShekels(subtotalAgorot),
    shippingFee: toShekels(shippingAgorot),
    vat: toShekels(vatIncludedAgorot(totalAgorot, settings.vatRate)),
    vatPercent: Math.round(settings.vatRate * 10_000) / 100,
    totalPrice: toShekels(totalAgorot),
  }
}

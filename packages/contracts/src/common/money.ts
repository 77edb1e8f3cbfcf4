/**
 * Order arithmetic lives here and nowhere else (decision 130): the web's cart, popup and
 * checkout, the server's order, PayPlus request and mails all take their figures from
 * `priceOrder`, so a coupon, a shipping zone or a refund changes one function.
 *
 * Money is integer agorot (1 ₪ = 100 agorot) so sums never drift; the API speaks
 * shekels with at most two decimals.
 */
export function toAgorot(shekels: number): number {
  return Math.round(shekels * 100)
}

export function toShekels(agorot: number): number {
  return agorot / 100
}

/**
 * A line as the arithmetic needs it; callers keep their own fields beside these.
 * `categories` (English names) matter only to a discount limited to some categories.
 */
export type PricedLine = { unitPriceAgorot: number; quantity: number; categories?: readonly string[] }

/**
 * A coupon's effect, as the arithmetic needs it (decision 223): a whole percentage (1–100)
 * or a fixed sum of agorot off the items, optionally only off the lines of some categories,
 * optionally with free shipping.
 */
export type Discount = {
  kind: 'percent' | 'fixed'
  /** percent: 1–100; fixed: agorot. */
  value: number
  freeShipping?: boolean
  /** English category names; absent or empty: every line. */
  categories?: readonly string[]
}

export type LineWithTotal<L extends PricedLine> = L & { lineTotalAgorot: number }

export type OrderPricingInput<L extends PricedLine> = {
  lines: readonly L[]
  shippingAgorot: number
  /**
   * A sum taken off the items before shipping is added, capped by whoever computes it.
   * Prefer `discount`, which this module turns into agorot; both may not be given.
   */
  discountAgorot?: number
  /** A coupon: computed here into `discountAgorot` (and free shipping). */
  discount?: Discount
  /**
   * A delivery method's free-shipping threshold (decision 228): items worth at least this
   * after the discount ship free. Null or absent: never.
   */
  freeShippingAboveAgorot?: number | null
  /** VAT included in the prices, e.g. 0.18. */
  vatRate: number
}

/** Every figure a receipt shows, in agorot. */
export type OrderPricing<L extends PricedLine> = {
  lines: Array<LineWithTotal<L>>
  /** The lines' sum, before discount and shipping. */
  subtotalAgorot: number
  /** What the discount takes off the items: its own line on every receipt. */
  discountAgorot: number
  /** The lines a category-limited discount applies to, summed (the subtotal otherwise). */
  eligibleSubtotalAgorot: number
  /** What the customer pays for shipping: 0 when the discount or the threshold waives it. */
  shippingAgorot: number
  /** Why shipping is free although the method has a fee: the coupon, or the threshold. */
  shippingWaivedBy: 'coupon' | 'threshold' | null
  /** subtotal − discount + shipping: what the customer pays. */
  totalAgorot: number
  /** The VAT part of the total (prices include VAT), rounded once to the agora. */
  vatAgorot: number
  /** total − VAT. */
  netAgorot: number
  vatRate: number
}

/**
 * Whole, non-negative numbers only: a fraction of an agora is a caller's bug. Sums stay
 * exact below 2^53 agorot (90 trillion ₪); beyond that we do not throw, because a visitor
 * typing a 20-digit quantity into the popup must not crash the page (the server caps at 999).
 */
function assertAgorot(value: number, what: string): void {
  if (!Number.isInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a whole, non-negative number of agorot, got ${value}`)
  }
}

/** unit price × quantity, in agorot. */
export function lineTotalAgorot(line: PricedLine): number {
  assertAgorot(line.unitPriceAgorot, 'unitPriceAgorot')
  assertAgorot(line.quantity, 'quantity')
  return line.unitPriceAgorot * line.quantity
}

/** The lines with their totals, and their sum (no shipping, no discount): the cart's subtotal. */
export function priceLines<L extends PricedLine>(
  lines: readonly L[],
): { lines: Array<LineWithTotal<L>>; subtotalAgorot: number } {
  const priced = lines.map((line) => ({ ...line, lineTotalAgorot: lineTotalAgorot(line) }))
  const subtotalAgorot = priced.reduce((sum, line) => sum + line.lineTotalAgorot, 0)
  assertAgorot(subtotalAgorot, 'subtotal')
  return { lines: priced, subtotalAgorot }
}

/**
 * VAT included in a gross amount: gross − gross / (1 + rate), rounded half up to the
 * agora. Worked in integers (the rate in millionths, BigInt for the product) so no rate
 * or amount meets a binary fraction on the way.
 */
function vatIncludedAgorot(grossAgorot: number, vatRate: number): number {
  assertAgorot(grossAgorot, 'gross')
  const ratePpm = BigInt(Math.round(vatRate * 1_000_000))
  const divisor = 1_000_000n + ratePpm
  const gross = BigInt(grossAgorot)
  // round(gross × 10⁶ / divisor), half up, in integers
  const net = (2n * gross * 1_000_000n + divisor) / (2n * divisor)
  return Number(gross - net)
}

/** The lines a discount applies to: all of them, or those of one of its categories. */
function appliesTo(line: PricedLine, discount: Discount): boolean {
  const only = discount.categories ?? []
  return only.length === 0 || (line.categories ?? []).some((category) => only.includes(category))
}

/**
 * What a discount takes off `eligibleAgorot`: a percentage rounded half up to the agora
 * (in integers), or the fixed sum; never more than the eligible lines, so no total goes
 * below 0.
 */
export function discountOffAgorot(discount: Discount, eligibleAgorot: number): number {
  assertAgorot(eligibleAgorot, 'eligible subtotal')
  assertAgorot(discount.value, 'discount value')
  if (discount.kind === 'percent') {
    if (discount.value > 100) throw new RangeError(`a percentage above 100: ${discount.value}`)
    return Math.floor((eligibleAgorot * discount.value * 2 + 100) / 200)
  }
  return Math.min(discount.value, eligibleAgorot)
}

/** Whether a fee is waived: a coupon's free shipping first, then the method's threshold. */
function waiverOf(
  input: OrderPricingInput<PricedLine>,
  discount: Discount | undefined,
  itemsAfterDiscountAgorot: number,
): 'coupon' | 'threshold' | null {
  if (input.shippingAgorot === 0) return null
  if (discount?.freeShipping) return 'coupon'
  const threshold = input.freeShippingAboveAgorot
  if (threshold !== null && threshold !== undefined) {
    assertAgorot(threshold, 'free-shipping threshold')
    if (itemsAfterDiscountAgorot >= threshold) return 'threshold'
  }
  return null
}

/**
 * The one place an order's total is made: lines, subtotal, discount, shipping, VAT, total.
 * VAT is the part of the amount actually paid (after the discount, with shipping), as the
 * prices include it.
 */
export function priceOrder<L extends PricedLine>(input: OrderPricingInput<L>): OrderPricing<L> {
  if (input.discount && input.discountAgorot !== undefined) {
    throw new RangeError('give either a discount or a sum of agorot off, not both')
  }
  assertAgorot(input.shippingAgorot, 'shipping')
  const { lines, subtotalAgorot } = priceLines(input.lines)
  const { discount } = input
  const eligibleSubtotalAgorot = discount
    ? priceLines(lines.filter((line) => appliesTo(line, discount))).subtotalAgorot
    : subtotalAgorot
  const discountAgorot = discount
    ? discountOffAgorot(discount, eligibleSubtotalAgorot)
    : (input.discountAgorot ?? 0)
  assertAgorot(discountAgorot, 'discount')
  if (discountAgorot > subtotalAgorot) {
    throw new RangeError(`discount ${discountAgorot} exceeds the subtotal ${subtotalAgorot}`)
  }
  const shippingWaivedBy = waiverOf(input, discount, subtotalAgorot - discountAgorot)
  const shippingAgorot = shippingWaivedBy ? 0 : input.shippingAgorot
  const totalAgorot = subtotalAgorot - discountAgorot + shippingAgorot
  const vatAgorot = vatIncludedAgorot(totalAgorot, input.vatRate)
  return {
    lines,
    subtotalAgorot,
    discountAgorot,
    eligibleSubtotalAgorot,
    shippingAgorot,
    shippingWaivedBy,
    totalAgorot,
    vatAgorot,
    netAgorot: totalAgorot - vatAgorot,
    vatRate: input.vatRate,
  }
}

/** Consumer Protection Law §14ה: the fee is at most 5 % of the price or ₪100, whichever is lower. */
export const CANCELLATION_FEE_PERCENT = 5
export const CANCELLATION_FEE_CAP_AGOROT = 10_000

/**
 * The cancellation fee on `priceAgorot`: 5 % rounded down to the agora (the law says "at
 * most"), capped at ₪100; nothing when the buyer reports a defect or a mismatch.
 */
export function cancellationFeeAgorot(priceAgorot: number, options: { isDefect: boolean }): number {
  assertAgorot(priceAgorot, 'price')
  if (options.isDefect) return 0
  const percent = Math.floor((priceAgorot * CANCELLATION_FEE_PERCENT) / 100)
  return Math.min(percent, CANCELLATION_FEE_CAP_AGOROT)
}

/**
 * Money is stored as integer agorot (1 ₪ = 100 agorot) so sums never drift;
 * the API speaks shekels with at most two decimals.
 */
export function toAgorot(shekels: number): number {
  return Math.round(shekels * 100)
}

export function toShekels(agorot: number): number {
  return agorot / 100
}

/** Rounds a shekel amount to whole agorot (2 decimals). */
export function roundShekels(shekels: number): number {
  return toShekels(toAgorot(shekels))
}

/** VAT included in a gross amount: gross − gross / (1 + rate), in agorot. */
export function vatIncludedAgorot(grossAgorot: number, vatRate: number): number {
  return grossAgorot - Math.round(grossAgorot / (1 + vatRate))
}

/**
 * Why an order was set aside for an administrator (`needsReview`): written by the server
 * as JSON in `reviewReason`, read back by the admin area, which says it in Hebrew.
 */
export type ReviewReason =
  | { code: 'otherOrder'; transaction: string; order: string }
  | { code: 'amountMismatch'; paid: string; expected: string }
  | { code: 'secondTransaction'; transaction: string }
  | { code: 'unknownTransaction'; transaction: string }
  /** A late payment on an order whose units had gone back, and are no longer there (decision 221). */
  | { code: 'outOfStock' }
  /** A payment taken for an order that had been cancelled (its page expired) or had failed (issue 32). */
  | { code: 'paidAfterCancel' }
  | { code: 'paidAfterFail' }
  /** Paid with a coupon past its usage limit, or used again by one customer (issue 32). */
  | { code: 'couponOverLimit'; coupon: string }
  | { code: 'couponReused'; coupon: string }
  /** The provider's refunds of the order differ from the shop's record (issue 32). */
  | { code: 'refundLedger'; shop: string; provider: string }
  /** A refund sent but never answered, and not found in the provider's records: check it there. */
  | { code: 'refundUnconfirmed'; amount: string }

const FIELDS: Record<ReviewReason['code'], readonly string[]> = {
  otherOrder: ['transaction', 'order'],
  amountMismatch: ['paid', 'expected'],
  secondTransaction: ['transaction'],
  unknownTransaction: ['transaction'],
  outOfStock: [],
  paidAfterCancel: [],
  paidAfterFail: [],
  couponOverLimit: ['coupon'],
  couponReused: ['coupon'],
  refundLedger: ['shop', 'provider'],
  refundUnconfirmed: ['amount'],
}

export function formatReviewReason(reason: ReviewReason): string {
  return JSON.stringify(reason)
}

/** The reason, or null for text in another form (orders flagged before reasons had codes). */
export function parseReviewReason(text: string | null | undefined): ReviewReason | null {
  if (!text) return null
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return null
  }
  if (typeof value !== 'object' || value === null) return null
  const record = value as Record<string, unknown>
  const fields = FIELDS[record.code as ReviewReason['code']]
  if (!fields || !fields.every((field) => typeof record[field] === 'string')) return null
  return record as ReviewReason
}

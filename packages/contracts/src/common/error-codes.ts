/**
 * Stable error codes of the API. The client switches on these, never on
 * message text; the server maps each to one HTTP status (apps/server/src/lib/errors.ts).
 */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'INVALID_STATUS_TRANSITION',
  'PRICE_CHANGED',
  /** The order of this Idempotency-Key is still being created: retry with the same key (Retry-After). */
  'ORDER_IN_PROGRESS',
  /** Some line has fewer units left than ordered: details carry each such line and what is left. */
  'OUT_OF_STOCK',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'PAYMENT_PROVIDER_ERROR',
  /** Another refund of the same order is being sent: one at a time, so none is paid twice (issue 32). */
  'REFUND_IN_PROGRESS',
  /** Coupons (decision 223): why a code does not apply to this cart, each with its Hebrew reason. */
  'COUPON_UNKNOWN',
  'COUPON_EXPIRED',
  'COUPON_NOT_YET_VALID',
  /** details: { minimumOrder } in shekels. */
  'COUPON_MINIMUM_NOT_REACHED',
  'COUPON_USED_UP',
  'COUPON_ALREADY_USED',
  /** A coupon limited to categories none of the cart's lines belong to. */
  'COUPON_NOT_APPLICABLE',
  /** A personal (welcome) coupon at checkout with an e-mail of another mailbox (decision 239). */
  'COUPON_OTHER_EMAIL',
  /** The admin saved a code another coupon has (codes are compared without case). */
  'COUPON_CODE_TAKEN',
  /** The chosen delivery method does not go to the address's city (decision 228); details: { city, methodId }. */
  'DELIVERY_UNAVAILABLE',
  /** Shopper accounts (decision 230): claiming guest orders needs an e-mail the identity provider confirmed. */
  'EMAIL_NOT_VERIFIED',
  /** A shopper keeps at most MAX_SAVED_ADDRESSES addresses; details: { max }. */
  'ADDRESS_LIMIT_REACHED',
  /** An e-mailed confirmation link (decision 237): not one the shop signed, or unknown. */
  'LINK_INVALID',
  /** The link's time ran out: a new request sends a new one. */
  'LINK_EXPIRED',
  /** The link was already used: each works once. */
  'LINK_USED',
  /** Tracking (issue 41): the courier chosen is not (or no longer) on the shop's list. */
  'COURIER_UNKNOWN',
  /** The admin saved a courier name another courier has (compared without case). */
  'COURIER_NAME_TAKEN',
  /** The order is not paid, preparing or shipped, so it has no parcel to track; details: { status }. */
  'ORDER_NOT_TRACKABLE',
  /** A pasted tracking list was refused as a whole; details: one TrackingLineError a refused line. */
  'TRACKING_LIST_INVALID',
  /** A bulk catalogue change some chosen products cannot take; details: one BulkRefusal each. */
  'BULK_EDIT_REFUSED',
  /** A back-in-stock alert for a size that is in stock now: it can be bought (decision 277). */
  'STOCK_ALERT_IN_STOCK',
  /** The mailbox already waits for MAX_STOCK_ALERTS_PER_MAILBOX sizes; details: { max }. */
  'STOCK_ALERT_LIMIT_REACHED',
  /** The catalogue import (issue 37) refused a whole file; details: { reason }, the message is Hebrew. */
  'CATALOGUE_IMPORT_FILE',
  /** An import asked to apply a file whose rows have problems: nothing written; details: the report. */
  'CATALOGUE_IMPORT_INVALID',
  /** Reviews (issue 36): the buyer has not received this item (no delivered order of it). */
  'REVIEW_NOT_ALLOWED',
  /** The buyer already reviewed this item: one review per buyer and item, edited from /account. */
  'REVIEW_EXISTS',
  /** The photo is not one uploaded through POST /api/reviews/photos. */
  'REVIEW_PHOTO_UNKNOWN',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const

export type ErrorCode = (typeof ERROR_CODES)[number]

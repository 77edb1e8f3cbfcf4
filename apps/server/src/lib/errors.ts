import { INVALID_TEXT_MESSAGE, type ErrorCode } from '@tavlin/contracts'

/** The one error type services throw; the error plugin turns it into the envelope. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
  ) {
    super(message)
    this.name = 'AppError'
  }

  get statusCode(): number {
    return STATUS_BY_CODE[this.code]
  }
}

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  INVALID_STATUS_TRANSITION: 409,
  PRICE_CHANGED: 409,
  ORDER_IN_PROGRESS: 409,
  REFUND_IN_PROGRESS: 409,
  OUT_OF_STOCK: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  PAYMENT_PROVIDER_ERROR: 502,
  COUPON_UNKNOWN: 422,
  COUPON_EXPIRED: 422,
  COUPON_NOT_YET_VALID: 422,
  COUPON_MINIMUM_NOT_REACHED: 422,
  COUPON_USED_UP: 422,
  COUPON_ALREADY_USED: 422,
  COUPON_NOT_APPLICABLE: 422,
  COUPON_OTHER_EMAIL: 422,
  COUPON_CODE_TAKEN: 409,
  DELIVERY_UNAVAILABLE: 422,
  EMAIL_NOT_VERIFIED: 403,
  ADDRESS_LIMIT_REACHED: 409,
  LINK_INVALID: 400,
  LINK_EXPIRED: 410,
  LINK_USED: 409,
  COURIER_UNKNOWN: 422,
  COURIER_NAME_TAKEN: 409,
  ORDER_NOT_TRACKABLE: 409,
  TRACKING_LIST_INVALID: 422,
  BULK_EDIT_REFUSED: 422,
  STOCK_ALERT_IN_STOCK: 409,
  STOCK_ALERT_LIMIT_REACHED: 429,
  CATALOGUE_IMPORT_FILE: 422,
  CATALOGUE_IMPORT_INVALID: 422,
  REVIEW_NOT_ALLOWED: 403,
  REVIEW_EXISTS: 409,
  REVIEW_PHOTO_UNKNOWN: 422,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
}

export function notFound(what: string): AppError {
  return new AppError('NOT_FOUND', `${what} not found`)
}

/** A 400 naming one field, in the shape the errors plugin gives schema failures. */
export function invalidField(field: string, message: string): AppError {
  return new AppError('VALIDATION_ERROR', 'Invalid request', [{ field, message }])
}

/** The 400 for text that breaks the contracts' text rule, naming the field as they do: `body.customer.firstName`. */
export function invalidTextIn(context: string, path: readonly (string | number)[]): AppError {
  return invalidField([context, ...path].map(printable).join('.'), INVALID_TEXT_MESSAGE)
}

// The offending name may itself be the bad text (an unknown key): it is echoed visibly.
function printable(segment: string | number): string {
  // eslint-disable-next-line no-control-regex -- replacing control characters is the point
  return String(segment).replace(/[\u0000-\u001F\u007F-\u009F\uD800-\uDFFF]/g, '\uFFFD')
}

import type { ErrorCode } from '@tavlin/contracts'

// Kept apart from api-client so the query client (in the first chunk) does not pull zod in with it.

/** Client-side failures that never reach the server's error table. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'TIMEOUT' | 'INVALID_RESPONSE'

/**
 * The one error every API call throws. UI code switches on `code` (or `status`)
 * and shows a translated message; `message` is the server's English text, for logs.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly status: number
  readonly code: ErrorCode | ClientErrorCode
  readonly details: unknown

  constructor(init: {
    status: number
    code: ErrorCode | ClientErrorCode
    message: string
    details?: unknown
  }) {
    super(init.message)
    this.status = init.status
    this.code = init.code
    this.details = init.details
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}

/** One entry of an error's `details` that names a field (DESIGN §4): `body.name`, `validation.nameTaken`. */
export type FieldError = { field: string; message: string }

/**
 * The field details of a failed call, whatever its code: a 400 names the fields that broke a
 * rule, and a 409 may too (a product name that exists: `body.name`, `validation.nameTaken`).
 * Other details (a 409 PRICE_CHANGED's prices) are not field details and are left out.
 */
export function fieldErrorsOf(error: unknown): FieldError[] {
  if (!isApiError(error) || !Array.isArray(error.details)) return []
  return error.details.filter(
    (entry): entry is FieldError =>
      typeof entry === 'object' &&
      entry !== null &&
      typeof (entry as FieldError).field === 'string' &&
      typeof (entry as FieldError).message === 'string',
  )
}

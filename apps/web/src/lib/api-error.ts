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

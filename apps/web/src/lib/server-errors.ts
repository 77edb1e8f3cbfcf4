import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { ErrorDetailSchema } from '@tavlin/contracts'
import { isApiError } from './api-error'

/**
 * Puts a 400's field details back onto a form. The server names fields by their
 * place in the request (`body.pricing.0.price`), which is the form's own path once
 * the prefix is dropped. Returns how many fields got an error.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  prefix = 'body.',
): number {
  if (!isApiError(error) || error.code !== 'VALIDATION_ERROR' || !Array.isArray(error.details)) return 0
  let matched = 0
  for (const entry of error.details) {
    const detail = ErrorDetailSchema.safeParse(entry)
    if (!detail.success || !detail.data.field.startsWith(prefix)) continue
    const field = detail.data.field.slice(prefix.length) as Path<T>
    setError(field, { type: 'server', message: detail.data.message }, { shouldFocus: matched === 0 })
    matched += 1
  }
  return matched
}

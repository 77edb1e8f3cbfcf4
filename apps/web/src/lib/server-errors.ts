import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { fieldErrorsOf } from './api-error'

/**
 * Puts a failed call's field details back onto a form, whatever the error's code (a 400's
 * broken rules, a 409's name that is taken). The server names fields by their place in the
 * request (`body.pricing.0.price`), which is the form's own path once the prefix is dropped.
 * Returns how many fields got an error.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  prefix = 'body.',
): number {
  let matched = 0
  for (const detail of fieldErrorsOf(error)) {
    if (!detail.field.startsWith(prefix)) continue
    const field = detail.field.slice(prefix.length) as Path<T>
    setError(field, { type: 'server', message: detail.message }, { shouldFocus: matched === 0 })
    matched += 1
  }
  return matched
}

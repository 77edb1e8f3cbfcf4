import type { ParseKeys } from '../../lib/i18n'
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { ErrorDetailSchema } from '@tavlin/contracts'
import { isApiError } from '../../lib/api-error'

// One translation of schema message keys for every form in the app.
export { useErrorText } from '../../hooks/use-error-text'

/** What to tell the visitor about a failed submission that is not about one field. */
export function submitErrorKey(error: unknown, fallback: ParseKeys): ParseKeys {
  if (!isApiError(error)) return fallback
  if (error.code === 'RATE_LIMITED') return 'forms.rateLimited'
  if (error.code === 'PAYLOAD_TOO_LARGE') return 'forms.tooLarge'
  if (error.code === 'VALIDATION_ERROR') return 'forms.invalid'
  return fallback
}

/**
 * Puts a 400's field details (`body.data.email`) back onto the form's fields and
 * focuses the first. Returns false when nothing matched, so the caller shows a toast.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!isApiError(error) || error.code !== 'VALIDATION_ERROR' || !Array.isArray(error.details)) return false
  let matched = 0
  for (const entry of error.details) {
    const detail = ErrorDetailSchema.safeParse(entry)
    if (!detail.success) continue
    const name = fields.find((field) => detail.data.field === `body.data.${field}`)
    if (!name) continue
    setError(name, { type: 'server', message: detail.data.message }, { shouldFocus: matched === 0 })
    matched += 1
  }
  return matched > 0
}

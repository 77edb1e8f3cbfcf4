import { useTranslation } from '../lib/i18n'
import { ERROR_CODES } from '@tavlin/contracts'
import { fieldErrorsOf, isApiError, type ClientErrorCode } from '../lib/api-error'
import { toast } from '../lib/notify'

const CLIENT_CODES: readonly ClientErrorCode[] = ['NETWORK_ERROR', 'TIMEOUT', 'INVALID_RESPONSE']
const KNOWN_CODES: readonly string[] = [...ERROR_CODES, ...CLIENT_CODES]

/**
 * The Hebrew line for a failed call (DESIGN §5: every message an admin or visitor sees is
 * Hebrew). The server's `message` is English and for logs; the text follows the error's
 * code, and anything else is the generic error.
 */
export function useApiErrorText() {
  const { t } = useTranslation()
  return (error: unknown): string =>
    isApiError(error) && KNOWN_CODES.includes(error.code)
      ? t(`errors.api.${error.code}`)
      : t('errors.genericError')
}

/**
 * Spec §8: an admin save failure is a toast with the error message, here in Hebrew. When the
 * server named fields, they get their own messages beside them (applyServerFieldErrors) and
 * the toast says that details need fixing, whatever the code: a 409 for a name that is taken
 * is about the name, not "the item changed meanwhile", which a 409 without fields means.
 */
export function useSaveErrorToast() {
  const { t } = useTranslation()
  const errorText = useApiErrorText()
  return (error: unknown) => {
    const message = fieldErrorsOf(error).length > 0 ? t('errors.api.VALIDATION_ERROR') : errorText(error)
    toast.error(t('admin.form.saveError', { message }), { toastId: 'admin-save-error' })
  }
}

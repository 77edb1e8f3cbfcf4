import { useTranslation } from '../lib/i18n'
import { ERROR_CODES } from '@tavlin/contracts'
import { isApiError, type ClientErrorCode } from '../lib/api-error'
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
 * Spec §8: an admin save failure is a toast with the error message, here in Hebrew. The
 * fields the server named get their own messages beside them (applyServerFieldErrors).
 */
export function useSaveErrorToast() {
  const { t } = useTranslation()
  const errorText = useApiErrorText()
  return (error: unknown) =>
    toast.error(t('admin.form.saveError', { message: errorText(error) }), { toastId: 'admin-save-error' })
}

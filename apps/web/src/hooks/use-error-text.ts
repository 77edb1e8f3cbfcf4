import type { ParseKeys } from '../lib/i18n'
import { useTranslation } from '../lib/i18n'

/**
 * Contract schemas carry translation keys as messages; a message that is not a key
 * (a library default, an unexpected server text) is shown as the generic "invalid" line.
 */
export function useErrorText() {
  const { t, i18n } = useTranslation()
  return (message: string | undefined): string | undefined => {
    if (!message) return undefined
    return i18n.exists(message) ? t(message as ParseKeys) : t('forms.invalid')
  }
}

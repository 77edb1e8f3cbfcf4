import { useTranslation } from 'react-i18next'
import { UserIcon } from '../ui/icons'

/**
 * Stands in the header's account slot until sign-in exists.
 * TODO(issue 5): replace with the auth feature's login/logout button (and pass the
 * admin link into the header's adminSlot for admins).
 */
export function LoginButtonPlaceholder() {
  const { t } = useTranslation()
  return (
    <button
      type="button"
      aria-disabled="true"
      title={t('header.loginSoon')}
      className="inline-flex h-11 cursor-not-allowed items-center gap-2 rounded-full border border-line px-4 font-medium text-muted"
    >
      <UserIcon className="size-5" />
      {t('header.login')}
    </button>
  )
}

import { useTranslation } from '../../lib/i18n'
import { Spinner } from '../../components/ui/spinner'
import { UserIcon } from '../../components/ui/icons'
import { useAuthStore } from './auth-store'
import { notifyError } from './notify'

const buttonClass =
  'inline-flex h-11 items-center gap-2 rounded-full border border-line px-4 font-medium text-ink transition-colors hover:bg-surface-2'

/** Header control: a spinner while auth loads, then sign in (popup) or sign out (back to the site). */
export function LoginButton() {
  const { t } = useTranslation()
  const status = useAuthStore((state) => state.status)
  const isSigningIn = useAuthStore((state) => state.isSigningIn)
  const { login, logout, preload } = useAuthStore.getState()

  if (status === 'loading' || isSigningIn) {
    return (
      <span className="inline-flex h-11 items-center px-4">
        <Spinner size="sm" />
      </span>
    )
  }

  if (status === 'signedIn') {
    return (
      <button type="button" className={buttonClass} onClick={() => void logout()}>
        <UserIcon className="size-5" />
        {t('auth.logout')}
      </button>
    )
  }

  // No await before login(): the popup must open inside the click (see auth-store).
  const handleLogin = () => {
    void login().then((outcome) => {
      if (outcome === 'blocked') notifyError(t('auth.popupBlocked'), 'auth-popup-blocked')
      if (outcome === 'failed') notifyError(t('auth.loginFailed'), 'auth-login-failed')
    })
  }
  return (
    <button
      type="button"
      className={buttonClass}
      onClick={handleLogin}
      // Warm the library as the visitor heads for the button, so the click opens the popup at once.
      onPointerEnter={preload}
      onFocus={preload}
    >
      <UserIcon className="size-5" />
      {t('auth.login')}
    </button>
  )
}

import { useAuth } from 'react-oidc-context'
import { useTranslation } from 'react-i18next'
import { toast } from '../../lib/notify'
import { AuthSpinner } from './auth-spinner'
import type { SignInState } from './auth-settings'

type Props = { className?: string }

/** Header control: a spinner while auth loads, then sign in (popup) or sign out (back to the site). */
export function LoginButton({ className = '' }: Props) {
  const auth = useAuth()
  const { t } = useTranslation()

  if (auth.isLoading) return <AuthSpinner className={className} />

  if (auth.isAuthenticated) {
    const handleLogout = () => {
      void auth.signoutRedirect().catch(() => {
        // The provider cannot be reached: at least forget the tokens here.
        void auth.removeUser()
      })
    }
    return (
      <button type="button" className={className} onClick={handleLogout}>
        {t('auth.logout')}
      </button>
    )
  }

  const handleLogin = () => {
    const state: SignInState = { returnTo: window.location.pathname + window.location.search }
    auth.signinPopup({ state }).catch((error: unknown) => {
      const message = error instanceof Error ? error.message : ''
      // Closing the popup is a choice, not an error.
      if (/closed by user/i.test(message)) return
      if (/popup.*(blocked|failed to open)|window.open/i.test(message)) {
        toast.error(t('auth.popupBlocked'), { toastId: 'auth-popup-blocked' })
        return
      }
      toast.error(t('auth.loginFailed'), { toastId: 'auth-login-failed' })
    })
  }
  return (
    <button type="button" className={className} onClick={handleLogin}>
      {t('auth.login')}
    </button>
  )
}

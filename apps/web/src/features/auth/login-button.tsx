import { Suspense, lazy } from 'react'
import { useTranslation } from '../../lib/i18n'
import { Spinner } from '../../components/ui/spinner'
import { UserIcon } from '../../components/ui/icons'
import { useAuthStore } from './auth-store'
import { accountButtonClass } from './account-button-class'
import { displayNameOf } from './auth-common'
import { notifyError } from './notify'

const buttonClass = accountButtonClass

// Radix's dropdown comes with the menu, for signed-in people only (decision 185: not on the first load of `/`).
const AccountMenu = lazy(() => import('./account-menu').then((module) => ({ default: module.AccountMenu })))

/** Header control: a spinner while auth loads, then sign in (popup) or the signed-in person's menu. */
export function LoginButton() {
  const { t } = useTranslation()
  const status = useAuthStore((state) => state.status)
  const isSigningIn = useAuthStore((state) => state.isSigningIn)
  const { login, preload } = useAuthStore.getState()

  if (status === 'loading' || isSigningIn) {
    return (
      <span className="inline-flex h-11 items-center px-4">
        <Spinner size="sm" />
      </span>
    )
  }

  if (status === 'signedIn') {
    return (
      <Suspense fallback={<SignedInPlaceholder />}>
        <AccountMenu />
      </Suspense>
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

/** The menu's button as it will look, while its chunk loads (a moment, once per visit). */
function SignedInPlaceholder() {
  const { t } = useTranslation()
  const claims = useAuthStore((state) => state.claims)
  return (
    <span className={buttonClass} aria-busy="true">
      <UserIcon className="size-5" />
      <span className="max-w-32 truncate">{displayNameOf(claims) || t('account.menu.fallbackName')}</span>
    </span>
  )
}

import { Suspense, lazy } from 'react'
import { useTranslation } from '../../lib/i18n'
import { Spinner } from '../../components/ui/spinner'
import { UserIcon } from '../../components/ui/icons'
import { useAuthStore } from './auth-store'
import { accountButtonClass } from './account-button-class'
import type { SignInArea } from './auth-common'
import { notifyError } from './notify'

const buttonClass = accountButtonClass

// Radix's dropdown comes with the menu, for signed-in people only (decision 185: not on the first load of `/`).
const AccountMenu = lazy(() => import('./account-menu').then((module) => ({ default: module.AccountMenu })))

/**
 * Header control: a spinner while auth loads, then sign in (a popup; this tab on a touch
 * screen, decision 268) or the signed-in person's menu. `area` 'admin' (the /admin page's button) asks for the admin area's sign-in page.
 */
export function LoginButton({ area = 'shop' }: { area?: SignInArea }) {
  const { t } = useTranslation()
  const status = useAuthStore((state) => state.status)
  const isSigningIn = useAuthStore((state) => state.isSigningIn)
  const { login, preload } = useAuthStore.getState()

  if (status === 'loading' || isSigningIn) return <LoadingSlot />

  if (status === 'signedIn') return <SignedIn />

  // No await before login(): the popup must open inside the click (see auth-store).
  const handleLogin = () => {
    void login({ area }).then((outcome) => {
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
      {area === 'admin' ? t('auth.adminSignIn.button') : t('auth.login')}
    </button>
  )
}

/** The signed-in person's menu; a spinner while its chunk loads (a moment, once per visit). */
function SignedIn() {
  const claims = useAuthStore((state) => state.claims)
  return (
    <Suspense fallback={<LoadingSlot />}>
      <AccountMenu claims={claims} onLogout={() => void useAuthStore.getState().logout()} />
    </Suspense>
  )
}

function LoadingSlot() {
  return (
    <span className="inline-flex h-11 items-center px-4">
      <Spinner size="sm" />
    </span>
  )
}

import { useEffect, type ReactNode } from 'react'
import { Navigate } from 'react-router'
import { useTranslation } from '../../lib/i18n'
import { PageSpinner } from '../../components/ui/spinner'
import { useAuthStore } from './auth-store'
import { notifyError } from './notify'
import { LoginButton } from './login-button'

type Verdict = 'loading' | 'signed-out' | 'forbidden' | 'allowed'

/**
 * Wraps the /admin route (spec §6): a spinner while auth loads; signed out → the admin
 * area's own sign-in (errors.loginRequired and a button that asks the provider for its
 * admin page, `ui_area=admin`, issue 22); signed in without Admin → errors.unauthorized
 * and back to /. Display only: the API enforces.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const status = useAuthStore((state) => state.status)
  const isAdmin = useAuthStore((state) => state.isAdmin)

  const verdict: Verdict =
    status === 'idle' || status === 'loading'
      ? 'loading'
      : status === 'signedOut'
        ? 'signed-out'
        : isAdmin
          ? 'allowed'
          : 'forbidden'

  // Opening /admin is a reason to load the OIDC library and the stored user.
  useEffect(() => {
    if (status === 'idle') void useAuthStore.getState().ensureSession()
  }, [status])

  useEffect(() => {
    if (verdict === 'forbidden') notifyError(t('errors.unauthorized'), 'auth-unauthorized')
  }, [verdict, t])

  if (verdict === 'loading') return <PageSpinner />
  if (verdict === 'signed-out') {
    return (
      <div className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-5 px-4 text-center">
        <h1 className="text-2xl font-extrabold">{t('auth.adminSignIn.title')}</h1>
        <p className="text-muted">{t('errors.loginRequired')}</p>
        <LoginButton area="admin" />
      </div>
    )
  }
  if (verdict !== 'allowed') return <Navigate to="/" replace />
  return <>{children}</>
}

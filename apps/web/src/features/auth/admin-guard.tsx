import { useEffect, type ReactNode } from 'react'
import { Navigate } from 'react-router'
import { useAuth } from 'react-oidc-context'
import { useTranslation } from 'react-i18next'
import { toast } from '../../lib/notify'
import { AuthSpinner } from './auth-spinner'
import { useIsAdmin } from './use-is-admin'

type Status = 'loading' | 'signed-out' | 'forbidden' | 'allowed'

/**
 * Wraps the /admin route (spec §6): a spinner while auth loads; signed out →
 * errors.loginRequired and back to /; signed in without Admin →
 * errors.unauthorized and back to /. Display only: the API enforces.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const auth = useAuth()
  const isAdmin = useIsAdmin()
  const { t } = useTranslation()

  const status: Status =
    auth.isLoading || auth.activeNavigator
      ? 'loading'
      : !auth.isAuthenticated
        ? 'signed-out'
        : isAdmin
          ? 'allowed'
          : 'forbidden'

  useEffect(() => {
    // toastId keeps one toast when React runs the effect twice (StrictMode).
    if (status === 'signed-out') toast.error(t('errors.loginRequired'), { toastId: 'auth-login-required' })
    if (status === 'forbidden') toast.error(t('errors.unauthorized'), { toastId: 'auth-unauthorized' })
  }, [status, t])

  if (status === 'loading') {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <AuthSpinner />
      </div>
    )
  }
  if (status !== 'allowed') return <Navigate to="/" replace />
  return <>{children}</>
}

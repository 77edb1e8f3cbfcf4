import { useEffect, type ReactNode } from 'react'
import { Navigate } from 'react-router'
import { useTranslation } from '../../lib/i18n'
import { Spinner } from '../../components/ui/spinner'
import { useAuthStore } from './auth-store'
import { notifyError } from './notify'

type Verdict = 'loading' | 'signed-out' | 'forbidden' | 'allowed'

/**
 * Wraps the /admin route (spec §6): a spinner while auth loads; signed out →
 * errors.loginRequired and back to /; signed in without Admin →
 * errors.unauthorized and back to /. Display only: the API enforces.
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
    if (verdict === 'signed-out') notifyError(t('errors.loginRequired'), 'auth-login-required')
    if (verdict === 'forbidden') notifyError(t('errors.unauthorized'), 'auth-unauthorized')
  }, [verdict, t])

  if (verdict === 'loading') {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner />
      </div>
    )
  }
  if (verdict !== 'allowed') return <Navigate to="/" replace />
  return <>{children}</>
}

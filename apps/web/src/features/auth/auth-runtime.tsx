import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { currentAccessToken, useAuthStore } from './auth-store'
import { notifyError } from './notify'

type Props = {
  /** lib/api-client's setter: the client calls it before each request. */
  setAccessTokenProvider: (provider: () => string | undefined) => void
  /** lib/api-client's 401 hook: registers what to do; returns an unsubscribe, or nothing. */
  onUnauthorized: (handler: () => void) => (() => void) | void
}

/**
 * Mounted once inside the router. Starts auth (loading the OIDC library only
 * for a sign-in return or a stored session), connects the API client (bearer
 * token; a 401 signs out locally, cart and theme stay — DESIGN §5), replaces
 * the address after a sign-in return, and shows auth's toasts.
 */
export function AuthRuntime({ setAccessTokenProvider, onUnauthorized }: Props) {
  const navigate = useNavigate()
  const { t } = useTranslation()
  const returnTo = useAuthStore((state) => state.returnTo)
  const notice = useAuthStore((state) => state.notice)

  useEffect(() => {
    void useAuthStore.getState().start()
  }, [])

  useEffect(() => {
    setAccessTokenProvider(currentAccessToken)
    return () => setAccessTokenProvider(() => undefined)
  }, [setAccessTokenProvider])

  useEffect(() => {
    const unsubscribe = onUnauthorized(() => useAuthStore.getState().signOutLocally())
    return () => {
      if (typeof unsubscribe === 'function') unsubscribe()
    }
  }, [onUnauthorized])

  useEffect(() => {
    if (returnTo === null) return
    useAuthStore.getState().consumeReturnTo()
    void navigate(returnTo, { replace: true })
  }, [returnTo, navigate])

  useEffect(() => {
    if (notice === null) return
    useAuthStore.getState().clearNotice()
    notifyError(t(`auth.${notice}`), `auth-${notice}`)
  }, [notice, t])

  return null
}

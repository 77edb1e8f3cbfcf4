import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { useTranslation } from '../../lib/i18n'
import { currentAccessToken, useAuthStore } from './auth-store'
import { notifyError } from './notify'

/** The two hooks of lib/api-client that auth plugs into. */
export type ApiClientAuthHooks = {
  /** Called before each request for the bearer token. */
  setAccessTokenProvider: (provider: () => string | undefined) => void
  /** Called on every 401, before the error is thrown. */
  setUnauthorizedHandler: (handler: () => void) => void
  /** Whether a shopper is signed in (checkout pre-fills their details). */
  setSignedIn: (isSignedIn: boolean) => void
}

type Props = {
  /**
   * Resolves with where the API client takes its token and 401 handling from (the app
   * passes lib/api-auth, which the client reads). Not the client itself: the client (and
   * zod with it) is not needed for the first paint of `/`, so it stays out of the first
   * load (decision 007). A request sent before this resolves goes without a token; only
   * signed-in calls need one, and /admin's guard waits for auth first.
   */
  loadApiClient: () => Promise<ApiClientAuthHooks>
}

/**
 * Mounted once inside the router. Starts auth (loading the OIDC library only
 * for a sign-in return or a stored session), connects the API client (bearer
 * token; a 401 signs out locally, cart and theme stay — DESIGN §5), replaces
 * the address after a sign-in return, and shows auth's toasts.
 */
export function AuthRuntime({ loadApiClient }: Props) {
  const navigate = useNavigate()
  const { t } = useTranslation()
  const returnTo = useAuthStore((state) => state.returnTo)
  const notice = useAuthStore((state) => state.notice)
  const isSignedIn = useAuthStore((state) => state.status === 'signedIn')
  const [client, setClient] = useState<ApiClientAuthHooks>()

  useEffect(() => {
    void useAuthStore.getState().start()
  }, [])

  useEffect(() => {
    let client: ApiClientAuthHooks | undefined
    let isUnmounted = false
    void loadApiClient().then((loaded) => {
      if (isUnmounted) return
      client = loaded
      loaded.setAccessTokenProvider(currentAccessToken)
      loaded.setUnauthorizedHandler(() => useAuthStore.getState().signOutLocally())
      setClient(loaded)
    })
    return () => {
      isUnmounted = true
      client?.setAccessTokenProvider(() => undefined)
      client?.setUnauthorizedHandler(() => {})
      client?.setSignedIn(false)
    }
  }, [loadApiClient])

  useEffect(() => client?.setSignedIn(isSignedIn), [client, isSignedIn])

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

import { useEffect } from 'react'
import { useAuth } from 'react-oidc-context'

type ApiClientAuth = {
  /** lib/api-client's setter: the client calls it before each request. */
  setAccessTokenProvider: (provider: () => string | undefined) => void
  /** lib/api-client's 401 hook: registers what to do; returns an unsubscribe, or nothing. */
  onUnauthorized: (handler: () => void) => (() => void) | void
}

/**
 * Connects the API client to the signed-in user: every call carries the
 * access token, and a 401 signs out locally. Only the OIDC user is removed:
 * the cart and the theme stay (DESIGN §5).
 */
export function useApiClientAuth({ setAccessTokenProvider, onUnauthorized }: ApiClientAuth): void {
  const auth = useAuth()
  const { user } = auth

  useEffect(() => {
    setAccessTokenProvider(() => (user && !user.expired ? user.access_token : undefined))
    return () => setAccessTokenProvider(() => undefined)
  }, [setAccessTokenProvider, user])

  const { removeUser } = auth
  useEffect(() => {
    const unsubscribe = onUnauthorized(() => {
      void removeUser()
    })
    return () => {
      if (typeof unsubscribe === 'function') unsubscribe()
    }
  }, [onUnauthorized, removeUser])
}

/** The same wiring as a component, for the provider tree. */
export function ApiClientAuthBridge(props: ApiClientAuth) {
  useApiClientAuth(props)
  return null
}

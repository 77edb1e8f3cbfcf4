import { useEffect, useMemo, useState, type ReactNode } from 'react'
import { AuthProvider as OidcAuthProvider, useAuth } from 'react-oidc-context'
import { fetchIdentitySettings, oidcSettings, type IdentitySettings } from './auth-settings'
import { IdentitySettingsContext } from './identity-settings-context'

type Props = {
  children: ReactNode
  /** Shown until the identity settings are known (usually the page spinner). */
  fallback?: ReactNode
  /** When the app already loaded `/api/config`, pass its identity block to skip a second request. */
  settings?: IdentitySettings
}

/**
 * Sets up react-oidc-context from `GET /api/config` at run time, so the same
 * build runs against the built-in provider, Auth0 or Keycloak.
 */
export function AuthProvider({ children, fallback = null, settings: given }: Props) {
  const [loaded, setLoaded] = useState<IdentitySettings | undefined>(given)
  const settings = given ?? loaded

  useEffect(() => {
    if (given) return
    const controller = new AbortController()
    let attempt = 0
    let timer: ReturnType<typeof setTimeout> | undefined
    const load = () => {
      fetchIdentitySettings(controller.signal).then(setLoaded, () => {
        if (controller.signal.aborted) return
        // The server is starting or briefly away: try again with a growing pause, capped at 30 s.
        timer = setTimeout(load, Math.min(30_000, 1000 * 2 ** attempt++))
      })
    }
    load()
    return () => {
      controller.abort()
      clearTimeout(timer)
    }
  }, [given])

  const oidc = useMemo(() => settings && oidcSettings(settings, window.location.origin), [settings])
  if (!settings || !oidc) return <>{fallback}</>
  return (
    <IdentitySettingsContext.Provider value={settings}>
      <OidcAuthProvider {...oidc}>
        <SignOutWhenRenewalFails />
        {children}
      </OidcAuthProvider>
    </IdentitySettingsContext.Provider>
  )
}

/** Spec §4: when silent renewal finds the session gone (login_required), sign out locally. */
function SignOutWhenRenewalFails() {
  const auth = useAuth()
  useEffect(
    () =>
      auth.events.addSilentRenewError(() => {
        void auth.removeUser()
      }),
    [auth.events, auth.removeUser],
  )
  return null
}

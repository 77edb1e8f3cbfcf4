import { useAuth } from 'react-oidc-context'
import { ADMIN_ROLE, rolesOf } from './auth-settings'
import { useIdentitySettings } from './identity-settings-context'

/** For display only: the server checks the access token on every admin call. */
export function useIsAdmin(): boolean {
  const auth = useAuth()
  const { rolesClaim } = useIdentitySettings()
  return auth.isAuthenticated && rolesOf(auth.user?.profile, rolesClaim).includes(ADMIN_ROLE)
}

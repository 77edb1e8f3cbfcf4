import { useAuthStore } from './auth-store'

/** For display only: the server checks the access token on every admin call. */
export function useIsAdmin(): boolean {
  return useAuthStore((state) => state.status === 'signedIn' && state.isAdmin)
}

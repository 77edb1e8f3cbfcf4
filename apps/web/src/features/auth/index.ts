// The auth feature's public surface; the app composes these in the layout, header and router.
// None of these import the OIDC library: it is loaded on demand (auth-store.ts).
export { AuthRuntime, type ApiClientAuthHooks } from './auth-runtime'
export { AdminGuard } from './admin-guard'
export { AccountGuard, type AccountOutletContext } from './account-guard'
export { AdminLink } from './admin-link'
export { LoginButton } from './login-button'
export { useIsAdmin } from './use-is-admin'
export { useAuthStore, currentAccessToken, type AuthStatus } from './auth-store'

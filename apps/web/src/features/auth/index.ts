// The auth feature's public surface; the app composes these in providers, header and router.
export { AuthProvider } from './auth-provider'
export { AdminGuard } from './admin-guard'
export { AdminLink } from './admin-link'
export { LoginButton } from './login-button'
export { AuthSpinner } from './auth-spinner'
export { useIsAdmin } from './use-is-admin'
export { useApiClientAuth, ApiClientAuthBridge } from './use-api-client-auth'
export { oidcSettings, fetchIdentitySettings, type IdentitySettings } from './auth-settings'

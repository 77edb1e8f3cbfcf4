import type * as OidcProviderModule from 'oidc-provider'

// oidc-provider 9 prints "Unsupported runtime" when imported on Node 20, where it works
// (TOOLCHAIN G10, and our tests run on Node 20 and 24). A failed start must print one
// clear line, so that single known notice is dropped while the module loads.
/* eslint-disable no-console */
const warn = console.warn
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].includes('Unsupported runtime')) return
  warn(...args)
}
const loaded: typeof OidcProviderModule = await import('oidc-provider').finally(() => {
  console.warn = warn
})
/* eslint-enable no-console */

export const OidcProvider = loaded.default
export const oidcErrors = loaded.errors

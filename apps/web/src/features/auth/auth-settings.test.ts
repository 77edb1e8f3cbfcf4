import { afterEach, describe, expect, it } from 'vitest'
import { oidcSettings, replaceCallbackAddress, rolesOf, type IdentitySettings } from './auth-settings'

const builtin: IdentitySettings = {
  authority: 'https://shop.example/oidc',
  clientId: 'tavlin-web',
  audience: 'urn:tavlin:api',
  rolesClaim: 'https://tavlin.shop/roles',
  scope: 'openid profile email offline_access',
  audienceParameter: 'resource',
}

describe('oidcSettings', () => {
  it('asks the built-in provider for the API with resource on authorize and token requests', () => {
    const settings = oidcSettings(builtin, 'https://shop.example')
    expect(settings).toMatchObject({
      authority: 'https://shop.example/oidc',
      client_id: 'tavlin-web',
      redirect_uri: 'https://shop.example/',
      post_logout_redirect_uri: 'https://shop.example/',
      response_type: 'code',
      automaticSilentRenew: true,
      extraQueryParams: { resource: 'urn:tavlin:api' },
      extraTokenParams: { resource: 'urn:tavlin:api' },
      popupWindowFeatures: { width: 400, height: 600 },
    })
  })

  it('uses audience for Auth0 and nothing when the issuer adds it (Keycloak)', () => {
    const auth0 = oidcSettings({ ...builtin, authority: 'https://t.eu.auth0.com/', audienceParameter: 'audience' }, 'https://shop.example')
    expect(auth0.extraQueryParams).toEqual({ audience: 'urn:tavlin:api' })
    expect(auth0.extraTokenParams).toEqual({})
    expect(oidcSettings({ ...builtin, audienceParameter: 'none' }, 'https://shop.example').extraQueryParams).toEqual({})
  })

  it('signs in to the configured Auth0 organization', () => {
    const settings = oidcSettings({ ...builtin, audienceParameter: 'audience', organization: 'org_abc123' }, 'https://shop.example')
    expect(settings.extraQueryParams).toEqual({ audience: 'urn:tavlin:api', organization: 'org_abc123' })
  })
})

describe('replaceCallbackAddress', () => {
  afterEach(() => window.history.replaceState(null, '', '/'))

  it('replaces code and state in the address with the path the sign-in started from', () => {
    window.history.replaceState(null, '', '/?code=abc&state=xyz')
    replaceCallbackAddress({ state: { returnTo: '/products?page=2' } })
    expect(window.location.pathname + window.location.search).toBe('/products?page=2')
  })

  it('falls back to the current path, and never follows a path to another site', () => {
    window.history.replaceState(null, '', '/recipes?code=abc&state=xyz')
    replaceCallbackAddress({ state: { returnTo: '//evil.example/' } })
    expect(window.location.pathname + window.location.search).toBe('/recipes')
  })
})

describe('rolesOf', () => {
  it('reads the namespaced roles claim and ignores anything that is not a list of strings', () => {
    expect(rolesOf({ 'https://tavlin.shop/roles': ['Admin', 3] }, 'https://tavlin.shop/roles')).toEqual(['Admin'])
    expect(rolesOf({ 'https://tavlin.shop/roles': 'Admin' }, 'https://tavlin.shop/roles')).toEqual([])
    expect(rolesOf(undefined, 'https://tavlin.shop/roles')).toEqual([])
  })
})

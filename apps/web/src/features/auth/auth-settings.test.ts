import { describe, expect, it } from 'vitest'
import { oidcSettings, type IdentitySettings } from './auth-settings'

const builtin: IdentitySettings = {
  authority: 'https://shop.example/oidc',
  clientId: 'tavlin-web',
  audience: 'urn:tavlin:api',
  rolesClaim: 'https://tavlin.shop/roles',
  scope: 'openid profile email roles offline_access',
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
      popupWindowTarget: 'tavlin-sign-in',
      extraQueryParams: { resource: 'urn:tavlin:api' },
      extraTokenParams: { resource: 'urn:tavlin:api' },
    })
  })

  it('uses audience for Auth0 and nothing when the issuer adds it (Keycloak)', () => {
    const auth0 = oidcSettings(
      { ...builtin, authority: 'https://t.eu.auth0.com/', audienceParameter: 'audience' },
      'https://shop.example',
    )
    expect(auth0.extraQueryParams).toEqual({ audience: 'urn:tavlin:api' })
    expect(auth0.extraTokenParams).toEqual({})
    expect(
      oidcSettings({ ...builtin, audienceParameter: 'none' }, 'https://shop.example').extraQueryParams,
    ).toEqual({})
  })

  it('signs in to the configured Auth0 organization', () => {
    const settings = oidcSettings(
      { ...builtin, audienceParameter: 'audience', organization: 'org_abc123' },
      'https://shop.example',
    )
    expect(settings.extraQueryParams).toEqual({ audience: 'urn:tavlin:api', organization: 'org_abc123' })
  })
})

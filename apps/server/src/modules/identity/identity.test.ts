import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestContext } from '../../test/build-test-app.js'
import { createAccounts } from './index.js'
import {
  exchange,
  injectTransport,
  openSignInForm,
  readSignInForm,
  signInWithCodeFlow,
  TestBrowser,
  authorizeUrl,
  pkcePair,
} from '../../test/code-flow.js'

const ROLES = 'https://tavlin.shop/roles'
const admin = { email: 'admin@tavlin.test', password: 'correct horse battery' }

describe('built-in identity provider', () => {
  let ctx: TestContext
  let flow: { issuer: string; clientId: string; redirectUri: string; resource: string }

  beforeAll(async () => {
    ctx = await buildTestApp()
    const accounts = createAccounts(ctx.database.db)
    await accounts.create({ ...admin, roles: ['Admin'] })
    await accounts.create({ email: 'cook@tavlin.test', password: 'not an admin at all' })
    flow = {
      issuer: 'http://localhost/oidc',
      clientId: 'tavlin-web',
      redirectUri: `${ctx.config.publicUrl}/`,
      resource: 'urn:tavlin:api',
    }
  })
  afterAll(() => ctx.close())

  it('publishes discovery: code flow with PKCE S256 only, RS256, logout', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' })
    expect(response.statusCode).toBe(200)
    const discovery = response.json()
    expect(discovery).toMatchObject({
      issuer: `${ctx.config.publicUrl}/oidc`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      id_token_signing_alg_values_supported: ['RS256'],
    })
    expect(discovery.end_session_endpoint).toMatch(/\/oidc\/session\/end$/)
    expect(discovery.grant_types_supported).toContain('refresh_token')
  })

  it('tells the SPA where the provider is through /api/config', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/config' })
    expect(response.json().data.identity).toEqual({
      authority: `${ctx.config.publicUrl}/oidc`,
      clientId: 'tavlin-web',
      audience: 'urn:tavlin:api',
      rolesClaim: ROLES,
      scope: 'openid profile email roles offline_access',
      audienceParameter: 'resource',
    })
  })

  it('refuses an authorization request without PKCE', async () => {
    const browser = new TestBrowser(injectTransport(ctx.app))
    const response = await browser.request('GET', authorizeUrl(flow, { state: 's', nonce: 'n' }))
    const location = new URL(response.headers.get('location') ?? '', 'http://localhost')
    expect(location.searchParams.get('error')).toBe('invalid_request')
    expect(location.searchParams.get('error_description')).toMatch(/PKCE/)

    const plain = await browser.request(
      'GET',
      authorizeUrl(flow, {
        state: 's',
        nonce: 'n',
        code_challenge: 'x'.repeat(43),
        code_challenge_method: 'plain',
      }),
    )
    const plainLocation = new URL(plain.headers.get('location') ?? '', 'http://localhost')
    expect(plainLocation.searchParams.get('error')).toBe('invalid_request')
  })

  it('signs an admin in through the Hebrew form and issues JWTs with the roles claim', async () => {
    const browser = new TestBrowser(injectTransport(ctx.app))
    const tokens = await signInWithCodeFlow(browser, flow, admin)
    const access = decodeJwt(tokens.access_token)
    expect(access).toMatchObject({
      iss: `${ctx.config.publicUrl}/oidc`,
      aud: 'urn:tavlin:api',
      email: admin.email,
      [ROLES]: ['Admin'],
    })
    const id = decodeJwt(tokens.id_token)
    expect(id).toMatchObject({ aud: 'tavlin-web', email: admin.email, [ROLES]: ['Admin'] })
    expect(tokens.refresh_token).toBeTruthy()

    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/me',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    })
    expect(me.statusCode).toBe(200)
    expect(me.json().data).toEqual({ subject: id.sub, email: admin.email, roles: ['Admin'] })
  })

  it('releases the roles claim only under the roles scope (spec §6)', async () => {
    const granted = await signInWithCodeFlow(new TestBrowser(injectTransport(ctx.app)), flow, admin)
    expect(granted.scope?.split(' ')).toContain('roles')
    const without = await signInWithCodeFlow(
      new TestBrowser(injectTransport(ctx.app)),
      { ...flow, scope: 'openid profile email offline_access' },
      admin,
    )
    expect(decodeJwt(without.id_token)).toMatchObject({ email: admin.email })
    expect(decodeJwt(without.id_token)[ROLES]).toBeUndefined()
    expect(decodeJwt(without.access_token)[ROLES]).toBeUndefined()
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/me',
      headers: { authorization: `Bearer ${without.access_token}` },
    })
    expect(me.statusCode).toBe(403)
  })

  it('rotates refresh tokens and refuses a used one', async () => {
    const browser = new TestBrowser(injectTransport(ctx.app))
    const first = await signInWithCodeFlow(browser, flow, admin)
    const second = await exchange(browser, flow, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token!,
    })
    expect(second.refresh_token).toBeTruthy()
    expect(second.refresh_token).not.toBe(first.refresh_token)
    expect(decodeJwt(second.access_token)[ROLES]).toEqual(['Admin'])
    await expect(
      exchange(browser, flow, { grant_type: 'refresh_token', refresh_token: first.refresh_token! }),
    ).rejects.toThrow(/invalid_grant/)
  })

  it('gives a non-admin a token without the Admin role, and the API answers 403', async () => {
    const browser = new TestBrowser(injectTransport(ctx.app))
    const tokens = await signInWithCodeFlow(browser, flow, {
      email: 'COOK@tavlin.test',
      password: 'not an admin at all',
    })
    expect(decodeJwt(tokens.access_token)[ROLES]).toEqual([])
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/me',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    })
    expect(me.statusCode).toBe(403)
  })

  it('shows one generic Hebrew error for a wrong password and for an unknown e-mail', async () => {
    const texts: string[] = []
    for (const credentials of [
      { email: admin.email, password: 'wrong password!' },
      { email: 'nobody@tavlin.test', password: 'wrong password!' },
    ]) {
      const browser = new TestBrowser(injectTransport(ctx.app))
      const { challenge } = pkcePair()
      const page = await browser.follow(
        authorizeUrl(flow, {
          state: 's',
          nonce: 'n',
          code_challenge: challenge,
          code_challenge_method: 'S256',
        }),
        flow.redirectUri,
      )
      expect(page.response.headers.get('content-type')).toMatch(/text\/html/)
      expect(page.response.text).toContain('<html lang="he" dir="rtl">')
      expect(page.response.headers.get('content-security-policy')).not.toMatch(/unsafe-inline|script-src/)
      expect(page.response.text).not.toMatch(/<script/i)
      expect(page.response.text).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">')
      const form = readSignInForm(page.response.text)
      const response = await browser.request('POST', `http://localhost${form.action}`, {
        csrf: form.csrf,
        ...credentials,
      })
      expect(response.status).toBe(401)
      texts.push(
        /<p class="alert" role="alert" id="sign-in-error">([^<]+)<\/p>/.exec(response.text)?.[1] ?? '',
      )
    }
    expect(texts).toEqual(['כתובת הדוא״ל או הסיסמה שגויים.', 'כתובת הדוא״ל או הסיסמה שגויים.'])
  })

  it('refuses a sign-in POST without the form’s CSRF token', async () => {
    const browser = new TestBrowser(injectTransport(ctx.app))
    const form = await openSignInForm(browser, flow)
    const response = await browser.request('POST', `http://localhost${form.action}`, {
      csrf: 'forged',
      ...admin,
    })
    expect(response.status).toBe(403)
    expect(response.headers.get('location')).toBeNull()
  })

  it('limits failed attempts per account from one address with 429 and Retry-After, even for the right password', async () => {
    const victim = { email: 'victim@tavlin.test', password: 'the real password' }
    await createAccounts(ctx.database.db).create(victim)
    const statuses: number[] = []
    let last: Awaited<ReturnType<TestBrowser['request']>> | undefined
    for (let attempt = 0; attempt < 6; attempt++) {
      const browser = new TestBrowser(injectTransport(ctx.app))
      const form = await openSignInForm(browser, flow)
      const password = attempt < 5 ? 'guess number ' + attempt : victim.password
      last = await browser.request('POST', `http://localhost${form.action}`, {
        csrf: form.csrf,
        email: victim.email,
        password,
      })
      statuses.push(last.status)
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429])
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(800)
    expect(last?.text).toContain('יותר מדי ניסיונות כניסה')
  })
})

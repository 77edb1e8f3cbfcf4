import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.js'
import { buildTestApp, type TestContext } from '../../test/build-test-app.js'
import { createAccounts } from './index.js'
import {
  exchange,
  injectTransport,
  signInWithCodeFlow,
  TestBrowser,
  authorizeUrl,
  pkcePair,
} from '../../test/code-flow.js'

const admin = { email: 'admin@tavlin.test', password: 'correct horse battery' }

describe('built-in identity provider: sessions, sign-out and CORS', () => {
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

  it('keeps keys, sessions and refresh tokens in the database: a restarted server honours them', async () => {
    const browser = new TestBrowser(injectTransport(ctx.app))
    const tokens = await signInWithCodeFlow(browser, flow, admin)
    const restarted = await buildApp({
      config: ctx.config,
      database: { ...ctx.database, close: async () => {} },
    })
    try {
      await restarted.ready()
      const me = await restarted.inject({
        method: 'GET',
        url: '/api/admin/me',
        headers: { authorization: `Bearer ${tokens.access_token}` },
      })
      expect(me.statusCode).toBe(200)
      const again = new TestBrowser(injectTransport(restarted))
      Object.assign(again, { cookies: (browser as unknown as { cookies: Map<string, string> }).cookies })
      // The session cookie alone signs in again without the form (silent sign-in).
      const { verifier, challenge } = pkcePair()
      const back = await again.follow(
        authorizeUrl(flow, {
          state: 's2',
          nonce: 'n2',
          prompt: 'none',
          code_challenge: challenge,
          code_challenge_method: 'S256',
        }),
        flow.redirectUri,
      )
      const code = new URL(back.url).searchParams.get('code')
      expect(code).toBeTruthy()
      const renewed = await exchange(again, flow, {
        grant_type: 'authorization_code',
        code: code!,
        code_verifier: verifier,
        redirect_uri: flow.redirectUri,
      })
      expect(decodeJwt(renewed.access_token).sub).toBe(decodeJwt(tokens.access_token).sub)
      const refreshed = await exchange(again, flow, {
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token!,
      })
      expect(refreshed.access_token).toBeTruthy()
    } finally {
      await restarted.close()
    }
  })

  it('signs out through RP-initiated logout with a Hebrew confirmation and returns to the site', async () => {
    const browser = new TestBrowser(injectTransport(ctx.app))
    const tokens = await signInWithCodeFlow(browser, flow, admin)
    const params = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: flow.redirectUri,
      client_id: 'tavlin-web',
    })
    const confirm = await browser.request('GET', `http://localhost/oidc/session/end?${params}`)
    expect(confirm.status).toBe(200)
    expect(confirm.text).toContain('<html lang="he" dir="rtl">')
    expect(confirm.text).not.toMatch(/<script/i)
    // Plural, as the rest of the shop, and the shop's icon in the tab.
    expect(confirm.text).toContain('לא, להישאר מחוברים')
    expect(confirm.text).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">')
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(confirm.text)?.[1] ?? ''
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(confirm.text)?.[1] ?? ''
    const done = await browser.request('POST', new URL(action, 'http://localhost').toString(), {
      xsrf,
      logout: 'yes',
    })
    expect(done.status).toBe(303)
    expect(done.headers.get('location')).toBe(flow.redirectUri)

    // The session is gone: a silent sign-in now needs the form again.
    const { challenge } = pkcePair()
    const silent = await browser.follow(
      authorizeUrl(flow, {
        state: 's',
        nonce: 'n',
        prompt: 'none',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }),
      flow.redirectUri,
    )
    expect(new URL(silent.url).searchParams.get('error')).toBe('login_required')
    // Its refresh token died with the session.
    await expect(
      exchange(browser, flow, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token! }),
    ).rejects.toThrow(/invalid_grant/)
  })

  it('refuses a redirect back to a site that is not the shop', async () => {
    const browser = new TestBrowser(injectTransport(ctx.app))
    const { challenge } = pkcePair()
    const response = await browser.request(
      'GET',
      authorizeUrl(
        { ...flow, redirectUri: 'https://evil.example/' },
        { state: 's', nonce: 'n', code_challenge: challenge, code_challenge_method: 'S256' },
      ),
    )
    expect(response.status).toBe(400)
    expect(response.text).toContain('משהו השתבש')
    expect(response.headers.get('location')).toBeNull()
  })

  it('answers CORS on the token endpoint for the web app origins only', async () => {
    const preflight = (origin: string) =>
      ctx.app.inject({
        method: 'OPTIONS',
        url: '/oidc/token',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      })
    expect(
      (await preflight(new URL(ctx.config.publicUrl).origin)).headers['access-control-allow-origin'],
    ).toBe(new URL(ctx.config.publicUrl).origin)
    const token = await ctx.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=refresh_token&refresh_token=x&client_id=tavlin-web',
    })
    expect(token.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('refuses a CORS preflight to the token endpoint from another origin; discovery stays open (issue 15)', async () => {
    const preflight = (url: string, origin: string) =>
      ctx.app.inject({
        method: 'OPTIONS',
        url,
        headers: { origin, 'access-control-request-method': 'POST' },
      })
    const evil = await preflight('/oidc/token', 'https://evil.example')
    expect(evil.statusCode).toBe(403)
    expect(evil.headers['access-control-allow-origin']).toBeUndefined()
    const own = await preflight('/oidc/token', new URL(ctx.config.publicUrl).origin)
    expect(own.statusCode).toBe(204)
    const discovery = await preflight('/oidc/.well-known/openid-configuration', 'https://evil.example')
    expect(discovery.statusCode).toBe(204)
  })
})

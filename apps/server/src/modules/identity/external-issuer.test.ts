import net from 'node:net'
import { decodeJwt, importJWK, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestContext } from '../../test/build-test-app.js'
import { tokenFactory } from '../../test/tokens.js'
import { CLOCK_TOLERANCE_SECONDS } from './access-token.js'
import { createAccounts } from './index.js'
import { loadOrCreateIdentityKeys } from './key-store.repository.js'
import { fetchTransport, signInWithCodeFlow, TestBrowser } from '../../test/code-flow.js'

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/**
 * The shop against an issuer that is not itself: a second, separate server
 * (the built-in provider with its own database and keys) on another port,
 * configured through OIDC_ISSUER like Auth0 or Keycloak would be.
 */
describe('an external OpenID Connect issuer', () => {
  const shopUrl = 'http://shop.test'
  let issuerCtx: TestContext
  let shop: TestContext
  let issuer: string

  beforeAll(async () => {
    const port = await freePort()
    issuerCtx = await buildTestApp({}, { PUBLIC_URL: `http://127.0.0.1:${port}`, OIDC_WEB_ORIGINS: shopUrl })
    await issuerCtx.app.listen({ port, host: '127.0.0.1' })
    issuer = `http://127.0.0.1:${port}/oidc`
    const accounts = createAccounts(issuerCtx.database.db)
    await accounts.create({ email: 'boss@tavlin.test', password: 'external admin pass', roles: ['Admin'] })
    await accounts.create({ email: 'guest@tavlin.test', password: 'external guest pass' })

    shop = await buildTestApp(
      {},
      {
        PUBLIC_URL: shopUrl,
        OIDC_ISSUER: issuer,
        OIDC_CLIENT_ID: 'tavlin-web',
        OIDC_AUDIENCE: 'urn:tavlin:api',
      },
    )
  })
  afterAll(async () => {
    await shop?.close()
    await issuerCtx?.close()
  })

  const flow = () => ({
    issuer,
    clientId: 'tavlin-web',
    redirectUri: `${shopUrl}/`,
    resource: 'urn:tavlin:api',
  })

  it('turns the built-in provider off and points the SPA at the issuer', async () => {
    const discovery = await shop.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' })
    expect(discovery.statusCode).toBe(404)
    const config = (await shop.app.inject({ method: 'GET', url: '/api/config' })).json()
    expect(config.data.identity).toMatchObject({
      authority: issuer,
      clientId: 'tavlin-web',
      audience: 'urn:tavlin:api',
      audienceParameter: 'audience',
    })
  })

  it('accepts an admin token obtained from the issuer through the code flow with PKCE', async () => {
    const tokens = await signInWithCodeFlow(new TestBrowser(fetchTransport), flow(), {
      email: 'boss@tavlin.test',
      password: 'external admin pass',
    })
    expect(decodeJwt(tokens.access_token).iss).toBe(issuer)
    const me = await shop.app.inject({
      method: 'GET',
      url: '/api/admin/me',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    })
    expect(me.statusCode).toBe(200)
    expect(me.json().data).toMatchObject({ email: 'boss@tavlin.test', roles: ['Admin'] })
  })

  it('answers 403 to a non-admin of the issuer', async () => {
    const tokens = await signInWithCodeFlow(new TestBrowser(fetchTransport), flow(), {
      email: 'guest@tavlin.test',
      password: 'external guest pass',
    })
    const me = await shop.app.inject({
      method: 'GET',
      url: '/api/admin/me',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    })
    expect(me.statusCode).toBe(403)
  })

  it('refuses a token signed with other keys for the same issuer name', async () => {
    // The shop's own database holds keys too (a built-in provider that is switched off): not the issuer's.
    const impostor = await tokenFactory(
      { ...shop.config, identity: { ...shop.config.identity, issuer } },
      shop.database.db,
    )
    const me = await shop.app.inject({
      method: 'GET',
      url: '/api/admin/me',
      headers: { authorization: `Bearer ${await impostor.admin()}` },
    })
    expect(me.statusCode).toBe(401)
  })
  it('refuses at once the token of an account deleted here; a sign-in after it starts anew', async () => {
    const tokens = await signInWithCodeFlow(new TestBrowser(fetchTransport), flow(), {
      email: 'guest@tavlin.test',
      password: 'external guest pass',
    })
    const headers = { authorization: `Bearer ${tokens.access_token}` }
    expect((await shop.app.inject({ url: '/api/account', headers })).statusCode).toBe(200)
    const deleted = await shop.app.inject({ method: 'DELETE', url: '/api/account', headers })
    expect(deleted.statusCode, deleted.body).toBe(200)
    // The issuer's account is not the shop's to delete: its token, still fresh, is refused here.
    const after = await shop.app.inject({
      method: 'PUT',
      url: '/api/account',
      headers,
      payload: { firstName: 'שוב', lastName: 'כאן', phone: null, marketingConsent: false },
    })
    expect(after.statusCode).toBe(401)
    // A token the issuer signs later (past the clock leeway) is a new sign-in, and is let in.
    const [key] = (await loadOrCreateIdentityKeys(issuerCtx.database.db)).signingKeys
    const claims = decodeJwt(tokens.access_token)
    const now = Math.floor(Date.now() / 1000)
    const later = await new SignJWT({ ...claims, iat: now + 2 * CLOCK_TOLERANCE_SECONDS })
      .setProtectedHeader({ alg: 'RS256', kid: key!.kid!, typ: 'at+jwt' })
      .sign(await importJWK(key!, 'RS256'))
    const again = await shop.app.inject({
      url: '/api/account',
      headers: { authorization: `Bearer ${later}` },
    })
    expect(again.statusCode, again.body).toBe(200)
  })
})

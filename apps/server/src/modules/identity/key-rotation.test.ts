import { decodeProtectedHeader } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startControlSocket } from '../../db/backup/control-socket.js'
import { oidcPayloads } from '../../db/schema/index.js'
import { buildTestApp, type TestContext } from '../../test/build-test-app.js'
import {
  authorizeUrl,
  exchange,
  injectTransport,
  pkcePair,
  signInWithCodeFlow,
  TestBrowser,
} from '../../test/code-flow.js'
import { tokenFactory } from '../../test/tokens.js'
import { rotateKeysFor, runRotateKeys } from './admin-cli.js'
import { createAccounts, ROTATE_KEYS_ROUTE, rotateKeys } from './index.js'

const admin = { email: 'owner@tavlin.test', password: 'the owner’s own pass' }

/*
 * Issue 33 point 2: a key from a backup opened GET /api/admin/me and the orders export.
 * After `npm run admin -- rotate-keys` every token of the old keys is refused at once, by
 * the API and by the provider, and everyone signs in again.
 */
describe('rotating the keys after a leak', () => {
  let ctx: TestContext
  let flow: { issuer: string; clientId: string; redirectUri: string; resource: string }
  const as = (token: string, url: string) =>
    ctx.app.inject({ url, headers: { authorization: `Bearer ${token}` } })
  const kidsOfProvider = async () =>
    ((await ctx.app.inject({ url: '/oidc/jwks' })).json() as { keys: { kid: string }[] }).keys.map(
      (k) => k.kid,
    )

  beforeAll(async () => {
    ctx = await buildTestApp()
    await createAccounts(ctx.database.db).create({ ...admin, roles: ['Admin'] })
    flow = {
      issuer: 'http://localhost/oidc',
      clientId: 'tavlin-web',
      redirectUri: `${ctx.config.publicUrl}/`,
      resource: 'urn:tavlin:api',
    }
  })
  afterAll(() => ctx.close())

  it('refuses every token of the old keys at once, in the API and in the provider; a new sign-in works', async () => {
    const browser = new TestBrowser(injectTransport(ctx.app))
    const signedIn = await signInWithCodeFlow(browser, flow, admin)
    // What someone holding the leaked key signs for themselves.
    const forged = await (await tokenFactory(ctx.config, ctx.database.db)).admin()
    const oldKid = decodeProtectedHeader(forged).kid!
    expect(decodeProtectedHeader(signedIn.access_token).kid).toBe(oldKid)
    for (const token of [signedIn.access_token, forged]) {
      expect((await as(token, '/api/admin/me')).statusCode).toBe(200)
      expect((await as(token, '/api/orders/export.csv')).statusCode).toBe(200)
    }

    const out: string[] = []
    expect(
      await runRotateKeys(
        () => rotateKeys(ctx.database.db),
        (line) => out.push(line),
      ),
    ).toBe(0)
    expect(out.join('\n')).toMatch(/New signing key \S+; .*\n\d+ sessions, grants and tokens ended/)

    for (const token of [signedIn.access_token, forged]) {
      for (const url of ['/api/admin/me', '/api/orders/export.csv', '/api/account']) {
        const response = await as(token, url)
        expect(response.statusCode, url).toBe(401)
        expect(response.json().code).toBe('UNAUTHORIZED')
      }
    }
    // The provider publishes the new key only, and holds no session, grant or refresh token.
    const kids = await kidsOfProvider()
    expect(kids).toHaveLength(1)
    expect(kids).not.toContain(oldKid)
    expect(await ctx.database.db.select().from(oidcPayloads)).toEqual([])
    await expect(
      exchange(browser, flow, { grant_type: 'refresh_token', refresh_token: signedIn.refresh_token! }),
    ).rejects.toThrow(/invalid_grant/)
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
    // An ID token of the old key is no hint the provider takes for signing out.
    const hint = new URLSearchParams({ id_token_hint: signedIn.id_token, client_id: 'tavlin-web' })
    expect((await browser.request('GET', `http://localhost/oidc/session/end?${hint}`)).status).toBe(400)

    // Signing in again gives a token of the new key, which the API takes.
    const again = await signInWithCodeFlow(new TestBrowser(injectTransport(ctx.app)), flow, admin)
    expect(decodeProtectedHeader(again.access_token).kid).toBe(kids[0])
    expect((await as(again.access_token, '/api/admin/me')).statusCode).toBe(200)
  })

  it('is done by the running shop when asked on its control socket (an embedded database is its alone)', async () => {
    const control = await startControlSocket(ctx.config.dataDir, ctx.database, null, {
      [ROTATE_KEYS_ROUTE]: () => rotateKeys(ctx.database.db),
    })
    try {
      const before = await (await tokenFactory(ctx.config, ctx.database.db)).admin()
      expect((await as(before, '/api/admin/me')).statusCode).toBe(200)
      const [kidBefore] = await kidsOfProvider()
      const rotation = await rotateKeysFor(ctx.config)
      expect(rotation.through).toBe('shop')
      expect((await as(before, '/api/admin/me')).statusCode).toBe(401)
      expect(await kidsOfProvider()).toEqual([rotation.kid])
      expect(rotation.kid).not.toBe(kidBefore)
    } finally {
      await control.close()
    }
  })
})

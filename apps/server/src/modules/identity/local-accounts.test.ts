import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../config/env.js'
import { buildTestApp, type TestContext } from '../../test/build-test-app.js'
import { exchange, injectTransport, signInWithCodeFlow, TestBrowser } from '../../test/code-flow.js'
import { openSignInPage } from '../../test/shopper-flow.js'
import { runAdminCommand } from './admin-cli.js'
import { createAccounts, createLocalAccounts, type LocalAccountService } from './index.js'

/** The hook the account API calls for DELETE /api/account (issue 22). */
describe('deleting a local account', () => {
  let ctx: TestContext
  let local: LocalAccountService
  let flow: { issuer: string; clientId: string; redirectUri: string; resource: string }
  const signIn = async (credentials: { email: string; password: string }) => {
    const browser = new TestBrowser(injectTransport(ctx.app))
    const tokens = await signInWithCodeFlow(browser, flow, credentials)
    return { browser, tokens, subject: decodeJwt(tokens.access_token).sub ?? '' }
  }

  beforeAll(async () => {
    ctx = await buildTestApp()
    local = createLocalAccounts(ctx.config, ctx.database.db)
    flow = {
      issuer: 'http://localhost/oidc',
      clientId: 'tavlin-web',
      redirectUri: `${ctx.config.publicUrl}/`,
      resource: 'urn:tavlin:api',
    }
  })
  afterAll(() => ctx.close())

  it('removes a shopper with their sessions, grants and refresh tokens', async () => {
    const shopper = { email: 'leaving@tavlin.test', password: 'goodbye and thanks' }
    await createAccounts(ctx.database.db).create(shopper)
    const { browser, tokens, subject } = await signIn(shopper)
    expect(await local.isLocalAccount(subject)).toBe(true)

    expect(await local.deleteLocalAccount(subject)).toBe(true)
    expect(await local.isLocalAccount(subject)).toBe(false)
    await expect(
      exchange(browser, flow, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token! }),
    ).rejects.toThrow(/invalid_grant/)
    // The browser's session is gone too: the provider asks for a sign-in again.
    expect((await openSignInPage(browser, flow)).text).toContain('<h1>כניסה לחשבון שלי בחנות</h1>')
    expect(await createAccounts(ctx.database.db).isRegistered(shopper.email)).toBe(false)
    expect(await local.deleteLocalAccount(subject)).toBe(false)
  })

  it('never deletes the last administrator (409), but one of two', async () => {
    const accounts = createAccounts(ctx.database.db)
    const first = await accounts.create({
      email: 'first-admin@tavlin.test',
      password: 'first admin pass',
      roles: ['Admin'],
    })
    await expect(local.deleteLocalAccount(first.account.id)).rejects.toMatchObject({ code: 'CONFLICT' })
    const second = await accounts.create({
      email: 'second-admin@tavlin.test',
      password: 'second admin pass',
      roles: ['Admin'],
    })
    // Inside a caller's transaction too, as the account API's deletion runs it.
    await ctx.database.db.transaction((tx) => local.deleteLocalAccount(first.account.id, tx))
    expect(await local.isLocalAccount(first.account.id)).toBe(false)
    await expect(local.deleteLocalAccount(second.account.id)).rejects.toMatchObject({ code: 'CONFLICT' })
  })

  it('knows no subject of another issuer', async () => {
    expect(await local.isLocalAccount('auth0|64f1c2')).toBe(false)
    expect(await local.deleteLocalAccount('auth0|64f1c2')).toBe(false)
    const { account } = await createAccounts(ctx.database.db).create({
      email: 'built-in-only@tavlin.test',
      password: 'unused by the other issuer',
    })
    const external = createLocalAccounts(
      loadConfig({ NODE_ENV: 'test', OIDC_ISSUER: 'https://tenant.example/', OIDC_CLIENT_ID: 'spa' }),
      ctx.database.db,
    )
    expect(await external.isLocalAccount(account.id)).toBe(false)
    expect(await external.deleteLocalAccount(account.id)).toBe(false)
    expect(await local.isLocalAccount(account.id)).toBe(true)
  })

  it('is what DELETE /api/account uses: the shopper’s provider account goes, the last administrator’s stays (409)', async () => {
    const shopper = { email: 'api-leaver@tavlin.test', password: 'deleting through the api' }
    await createAccounts(ctx.database.db).create(shopper)
    const { browser, tokens, subject } = await signIn(shopper)
    const headers = { authorization: `Bearer ${tokens.access_token}` }
    const account = await ctx.app.inject({ method: 'GET', url: '/api/account', headers })
    expect(account.json().data).toMatchObject({
      email: shopper.email,
      emailVerified: true,
      isLocalAccount: true,
    })
    const deleted = await ctx.app.inject({ method: 'DELETE', url: '/api/account', headers })
    expect(deleted.statusCode).toBe(200)
    expect(await local.isLocalAccount(subject)).toBe(false)
    await expect(
      exchange(browser, flow, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token! }),
    ).rejects.toThrow(/invalid_grant/)

    // By now 'second-admin' is the only administrator.
    const last = await signIn({ email: 'second-admin@tavlin.test', password: 'second admin pass' })
    const refused = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { authorization: `Bearer ${last.tokens.access_token}` },
    })
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ success: false, code: 'CONFLICT' })
    expect(await local.isLocalAccount(last.subject)).toBe(true)
  })
  it('npm run admin -- remove ends the account’s access tokens at once (issue 33)', async () => {
    const shopper = { email: 'removed-by-owner@tavlin.test', password: 'removed from the shell' }
    await createAccounts(ctx.database.db).create(shopper)
    const { tokens } = await signIn(shopper)
    const headers = { authorization: `Bearer ${tokens.access_token}` }
    expect((await ctx.app.inject({ url: '/api/account', headers })).statusCode).toBe(200)
    const out: string[] = []
    expect(
      await runAdminCommand(['remove', shopper.email], createAccounts(ctx.database.db), (l) => out.push(l)),
    ).toBe(0)
    expect((await ctx.app.inject({ url: '/api/account', headers })).statusCode).toBe(401)
  })
})

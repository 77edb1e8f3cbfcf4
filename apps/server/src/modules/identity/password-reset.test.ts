import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountTokens } from '../../db/schema/index.js'
import { buildTestApp, type TestContext } from '../../test/build-test-app.js'
import { exchange, injectTransport, signInWithCodeFlow, TestBrowser } from '../../test/code-flow.js'
import {
  askForReset,
  formOn,
  linkInMail,
  mailsTo,
  openSignInPage,
  postSignIn,
  register,
} from '../../test/shopper-flow.js'
import { createAccounts } from './index.js'
import { ACCOUNT_REQUEST_LIMITS } from './request-limits.service.js'

const notice = (html: string) => /<p class="notice" role="status">([^<]+)<\/p>/.exec(html)?.[1]

/** Issue 22: a forgotten password, reset by an e-mailed link; and the limits on asking. */
describe('forgotten password and the limits on account mail', () => {
  let ctx: TestContext
  let flow: { issuer: string; clientId: string; redirectUri: string; resource: string }
  let nextAddress = 0
  const browserAt = (address: string) => new TestBrowser(injectTransport(ctx.app, { remoteAddress: address }))
  const browser = () => browserAt(`192.0.2.${++nextAddress}`)

  beforeAll(async () => {
    ctx = await buildTestApp()
    flow = {
      issuer: 'http://localhost/oidc',
      clientId: 'tavlin-web',
      redirectUri: `${ctx.config.publicUrl}/`,
      resource: 'urn:tavlin:api',
    }
  })
  afterAll(() => ctx.close())

  /** Opens the reset link and sends the new password twice. */
  const setPassword = async (b: TestBrowser, link: string, password: string, again = password) => {
    const form = await b.request('GET', `http://localhost${link}`)
    expect(form.status).toBe(200)
    const { action, csrf } = formOn(form.text, '/account/reset')
    const token = new URL(link, 'http://localhost').searchParams.get('token') ?? ''
    return b.request('POST', `http://localhost${action}`, { csrf, token, password, passwordAgain: again })
  }

  it('mails a single-use link, sets the new password and ends every session and refresh token', async () => {
    const cook = { email: 'cook@tavlin.test', password: 'the first password' }
    await createAccounts(ctx.database.db).create(cook)
    const signedIn = browser()
    const tokens = await signInWithCodeFlow(signedIn, flow, cook)

    const known = await askForReset(browser(), flow, cook.email)
    const unknown = await askForReset(browser(), flow, 'nobody@tavlin.test')
    expect(known.status).toBe(200)
    expect(notice(known.text)).toBe(notice(unknown.text))
    expect(notice(known.text)).toContain('קישור לקביעת סיסמה חדשה')
    expect(await mailsTo(ctx.database, 'nobody@tavlin.test')).toHaveLength(0)
    const [mail] = await mailsTo(ctx.database, cook.email)
    expect(mail?.subject).toContain('איפוס סיסמה')
    const link = linkInMail(mail!.text, 'reset')

    const b = browser()
    const differ = await setPassword(b, link, 'the second password', 'the third password')
    expect(differ.status).toBe(400)
    expect(differ.text).toContain('שתי הסיסמאות אינן זהות.')
    const forged = await b.request('POST', 'http://localhost/oidc/account/reset', {
      csrf: 'forged',
      token: new URL(link, 'http://localhost').searchParams.get('token') ?? '',
      password: 'the second password',
      passwordAgain: 'the second password',
    })
    expect(forged.status).toBe(403)

    const done = await setPassword(b, link, 'the second password')
    expect(done.status).toBe(200)
    expect(done.text).toContain('הסיסמה נשמרה')

    // Sessions, grants and refresh tokens are gone: the old refresh token is refused and the
    // browser that was signed in sees the sign-in page again.
    await expect(
      exchange(signedIn, flow, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token! }),
    ).rejects.toThrow(/invalid_grant/)
    const again = await openSignInPage(signedIn, flow)
    expect(again.status).toBe(200)
    expect(again.text).toContain('<h1>כניסה לחשבון שלי בחנות</h1>')

    expect((await postSignIn(browser(), flow, cook)).status).toBe(401)
    await expect(
      signInWithCodeFlow(browser(), flow, { email: cook.email, password: 'the second password' }),
    ).resolves.toHaveProperty('access_token')

    const reused = await b.request('GET', `http://localhost${link}`)
    expect(reused.status).toBe(410)
    expect(reused.text).toContain('אפשר לבקש קישור חדש ב&#34;שכחתי סיסמה&#34;')
  })

  it('refuses an expired link, and a reset also confirms an address never confirmed', async () => {
    const person = {
      firstName: 'נועה',
      lastName: 'שחר',
      email: 'noa@tavlin.test',
      password: 'forgot to confirm',
    }
    await register(browser(), flow, person)
    await askForReset(browser(), flow, person.email)
    const expiring = linkInMail((await mailsTo(ctx.database, person.email))[1]!.text, 'reset')
    await ctx.database.db.update(accountTokens).set({ expiresAt: new Date(Date.now() - 1000) })
    const expired = await ctx.app.inject({ method: 'GET', url: expiring })
    expect(expired.statusCode).toBe(410)
    expect(expired.body).toContain('הקישור אינו בתוקף')

    await askForReset(browser(), flow, person.email)
    const link = linkInMail((await mailsTo(ctx.database, person.email))[2]!.text, 'reset')
    expect((await setPassword(browser(), link, 'a fresh password')).status).toBe(200)
    await expect(
      signInWithCodeFlow(browser(), flow, { email: person.email, password: 'a fresh password' }),
    ).resolves.toHaveProperty('id_token')
  })

  it('gives an administrator no reset link: administrators reset from the command line', async () => {
    await createAccounts(ctx.database.db).create({
      email: 'boss@tavlin.test',
      password: 'boss password!',
      roles: ['Admin'],
    })
    await askForReset(browser(), flow, 'boss@tavlin.test')
    const [mail] = await mailsTo(ctx.database, 'boss@tavlin.test')
    expect(mail?.text).toContain('npm run admin -- reset-password')
    expect(mail?.text).not.toContain('/oidc/account/reset')
  })

  it('limits requests per client address with 429, Retry-After and a Hebrew message', async () => {
    const address = '198.51.100.77'
    const statuses: number[] = []
    let last: Awaited<ReturnType<typeof askForReset>> | undefined
    for (let request = 0; request <= ACCOUNT_REQUEST_LIMITS.address.maxFailures; request++) {
      last = await askForReset(browserAt(address), flow, `someone-${request}@tavlin.test`)
      statuses.push(last.status)
    }
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true)
    expect(statuses.at(-1)).toBe(429)
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(3000)
    expect(last?.text).toContain('יותר מדי בקשות. אפשר לנסות שוב בעוד')
    // Another kind of request from that address, and another address, go on.
    const registered = await register(browserAt(address), flow, {
      firstName: 'א',
      lastName: 'ב',
      email: 'other-kind@tavlin.test',
      password: 'limits are per kind',
    })
    expect(registered.status).toBe(200)
    expect((await askForReset(browser(), flow, 'someone-else@tavlin.test')).status).toBe(200)
  })

  it('limits mail to one address however many client addresses ask', async () => {
    const target = 'flooded@tavlin.test'
    await createAccounts(ctx.database.db).create({ email: target, password: 'a quiet inbox please' })
    const statuses: number[] = []
    for (let request = 0; request <= ACCOUNT_REQUEST_LIMITS.email.maxFailures; request++) {
      const kind = request % 2 === 0 ? 'reset' : 'register'
      const answer =
        kind === 'reset'
          ? await askForReset(browser(), flow, target)
          : await register(browser(), flow, {
              firstName: 'א',
              lastName: 'ב',
              email: target,
              password: 'not the owner!!',
            })
      statuses.push(answer.status)
    }
    expect(statuses).toEqual([...Array(ACCOUNT_REQUEST_LIMITS.email.maxFailures).fill(200), 429])
    expect(await mailsTo(ctx.database, target)).toHaveLength(ACCOUNT_REQUEST_LIMITS.email.maxFailures)
  })
})

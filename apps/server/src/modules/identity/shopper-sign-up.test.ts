import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountTokens } from '../../db/schema/index.js'
import { buildTestApp, type TestContext } from '../../test/build-test-app.js'
import { injectTransport, signInWithCodeFlow, TestBrowser } from '../../test/code-flow.js'
import {
  confirmByLink,
  formOn,
  linkInMail,
  mailsTo,
  openSignInPage,
  postSignIn,
  readMailFiles,
  register,
} from '../../test/shopper-flow.js'
import { createAccounts } from './index.js'

const ROLES = 'https://tavlin.shop/roles'
const admin = { email: 'owner@tavlin.test', password: 'the owner password' }
const notice = (html: string) => /<p class="notice" role="status">([^<]+)<\/p>/.exec(html)?.[1]
const alertOf = (html: string) => /role="alert"[^>]*>([^<]+)</.exec(html)?.[1]

/** Issue 22: shoppers register in the built-in provider, confirm their address, then sign in. */
describe('shopper sign-up in the built-in provider', () => {
  let ctx: TestContext
  let flow: { issuer: string; clientId: string; redirectUri: string; resource: string }
  let nextAddress = 0
  const browser = () =>
    new TestBrowser(injectTransport(ctx.app, { remoteAddress: `203.0.113.${++nextAddress}` }))
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

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

  it('says where the person is going: the shop by default, the admin area with ui_area=admin', async () => {
    const shop = await openSignInPage(browser(), flow)
    expect(shop.text).toContain('<h1>כניסה לחשבון שלי בחנות</h1>')
    expect(shop.text).toContain('אפשר לקנות גם בלי חשבון')
    expect(shop.text).toMatch(/<a href="\/oidc\/interaction\/[^"]+\/register">הרשמה<\/a>/)
    expect(shop.text).toMatch(/<a href="\/oidc\/interaction\/[^"]+\/forgot">שכחתי סיסמה<\/a>/)

    const adminArea = await openSignInPage(browser(), flow, { ui_area: 'admin' })
    expect(adminArea.text).toContain('<h1>כניסה לניהול החנות</h1>')
    expect(adminArea.text).not.toContain('הרשמה')
    expect(adminArea.text).not.toContain('אפשר לקנות גם בלי חשבון')
    // The admin area's sign-in still signs an administrator in.
    const tokens = await signInWithCodeFlow(browser(), flow, admin)
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/me',
      headers: bearer(tokens.access_token),
    })
    expect(me.statusCode).toBe(200)
  })

  it('registers, mails a confirmation link, refuses sign-in until confirmed, then issues shopper tokens', async () => {
    const dana = {
      firstName: 'דנה',
      lastName: 'כהן',
      email: 'Dana@Tavlin.test',
      password: 'paprika and cumin',
    }
    const page = await register(browser(), flow, dana)
    expect(page.status).toBe(200)
    expect(notice(page.text)).toContain('שלחנו אליה קישור לאישור ההרשמה')

    const [mail] = await mailsTo(ctx.database, 'dana@tavlin.test')
    expect(mail?.subject).toContain('אישור כתובת הדוא״ל')
    const confirmLink = linkInMail(mail!.text, 'confirm')

    const early = await postSignIn(browser(), flow, { email: dana.email, password: dana.password })
    expect(early.status).toBe(403)
    expect(alertOf(early.text)).toBe(
      'עוד לא אישרתם את כתובת הדוא״ל. יש ללחוץ על הקישור ששלחנו אליכם בדוא״ל, ואז להיכנס.',
    )
    expect(formOn(early.text, '/resend').action).toMatch(/\/resend$/)

    // Without SMTP_URL the outbox writes the mail to $DATA_DIR/mail; the outbox keeps no link once sent.
    await ctx.app.jobs.deliverMail()
    expect(readMailFiles(ctx.config.dataDir).some((text) => text.includes(confirmLink))).toBe(true)
    expect((await mailsTo(ctx.database, 'dana@tavlin.test'))[0]?.text).toBe('')

    // Opening the link (as a mail scanner would) changes nothing; its button confirms.
    const opened = await ctx.app.inject({ method: 'GET', url: confirmLink })
    expect(opened.body).toContain('<button type="submit" class="primary" autofocus>אישור הכתובת</button>')
    expect((await postSignIn(browser(), flow, dana)).status).toBe(403)
    const confirmed = await confirmByLink(browser(), confirmLink)
    expect(confirmed.status).toBe(200)
    expect(confirmed.text).toContain('כתובת הדוא״ל אושרה')
    expect(confirmed.text).toContain(`href="${ctx.config.publicUrl}/account">להתחברות</a>`)

    const tokens = await signInWithCodeFlow(browser(), flow, { email: dana.email, password: dana.password })
    const claims = {
      email: 'dana@tavlin.test',
      email_verified: true,
      given_name: 'דנה',
      family_name: 'כהן',
      [ROLES]: [],
    }
    expect(decodeJwt(tokens.id_token)).toMatchObject({ ...claims, name: 'דנה כהן' })
    expect(decodeJwt(tokens.access_token)).toMatchObject(claims)
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/me',
      headers: bearer(tokens.access_token),
    })
    expect(me.statusCode).toBe(403)
  })

  it('answers a used or expired confirmation link with a Hebrew page that leads to a new one', async () => {
    const person = {
      firstName: 'יוסי',
      lastName: 'לוי',
      email: 'yossi@tavlin.test',
      password: 'saffron threads',
    }
    await register(browser(), flow, person)
    const link = linkInMail((await mailsTo(ctx.database, person.email))[0]!.text, 'confirm')
    expect((await confirmByLink(browser(), link)).status).toBe(200)
    const reused = await confirmByLink(browser(), link)
    expect(reused.status).toBe(410)
    expect(reused.text).toContain('הקישור אינו בתוקף')
    expect(reused.text).toContain('אפשר לבקש קישור אישור חדש')
    expect(reused.text).toContain(`href="${ctx.config.publicUrl}/account"`)

    const late = {
      firstName: 'רונית',
      lastName: 'אבן',
      email: 'ronit@tavlin.test',
      password: 'cardamom pods',
    }
    await register(browser(), flow, late)
    const lateLink = linkInMail((await mailsTo(ctx.database, late.email))[0]!.text, 'confirm')
    await ctx.database.db.update(accountTokens).set({ expiresAt: new Date(Date.now() - 1000) })
    const expired = await confirmByLink(browser(), lateLink)
    expect(expired.status).toBe(410)
    expect(expired.text).toContain('פג תוקפו')

    // The way to a new link: sign in with the right password, then "שליחת קישור אישור חדש".
    const b = browser()
    const refused = await postSignIn(b, flow, late)
    const resend = formOn(refused.text, '/resend')
    const sent = await b.request('POST', `http://localhost${resend.action}`, {
      csrf: resend.csrf,
      email: late.email,
    })
    expect(notice(sent.text)).toContain('קישור אישור חדש')
    const mails = await mailsTo(ctx.database, late.email)
    expect(mails).toHaveLength(2)
    const fresh = await confirmByLink(browser(), linkInMail(mails[1]!.text, 'confirm'))
    expect(fresh.status).toBe(200)
    await expect(signInWithCodeFlow(browser(), flow, late)).resolves.toHaveProperty('id_token')
  })

  it('gives an address that has an account the same answer, and mails its owner instead', async () => {
    const owner = { email: 'taken@tavlin.test', password: 'an old password' }
    await createAccounts(ctx.database.db).create(owner)
    const fresh = await register(browser(), flow, {
      firstName: 'חדש',
      lastName: 'לגמרי',
      email: 'brand-new@tavlin.test',
      password: 'a new password here',
    })
    const again = await register(browser(), flow, {
      firstName: 'מישהו',
      lastName: 'אחר',
      email: owner.email,
      password: 'somebody else typed',
    })
    expect(again.status).toBe(fresh.status)
    expect(notice(again.text)).toBe(notice(fresh.text))

    const [mail] = await mailsTo(ctx.database, owner.email)
    expect(mail?.subject).toContain('ניסיון הרשמה')
    expect(mail?.text).toContain('כבר יש חשבון בכתובת הזו')
    expect(linkInMail(mail!.text, 'reset')).toMatch(/^\/oidc\/account\/reset\?token=/)
    // The old password still works: nothing changed for the owner.
    await expect(signInWithCodeFlow(browser(), flow, owner)).resolves.toHaveProperty('access_token')

    // An administrator's address gets no reset link: administrators use npm run admin.
    await register(browser(), flow, {
      firstName: 'א',
      lastName: 'ב',
      email: admin.email,
      password: 'trying the owner',
    })
    const [adminMail] = await mailsTo(ctx.database, admin.email)
    expect(adminMail?.text).toContain('npm run admin -- reset-password')
    expect(adminMail?.text).not.toContain('/oidc/account/reset')
  })

  it('refuses weak passwords and mistakes in Hebrew, keeping what was typed', async () => {
    const base = { firstName: 'טל', lastName: 'בר', email: 'tal@tavlin.test' }
    const cases: Array<[Record<string, string>, string]> = [
      [{ password: 'short one' }, 'הסיסמה קצרה מדי: נדרשים לפחות 10 תווים.'],
      [{ password: 'tal@tavlin.test' }, 'הסיסמה לא יכולה להיות כתובת הדוא״ל.'],
      [{ password: '1234567890' }, 'זו סיסמה נפוצה מדי שקל לנחש. נא לבחור סיסמה אחרת.'],
      [{ password: 'long enough one', passwordAgain: 'long enough two' }, 'שתי הסיסמאות אינן זהות.'],
      [{ password: 'long enough one', email: 'not-an-address' }, 'כתובת הדוא״ל אינה תקינה.'],
    ]
    for (const [change, message] of cases) {
      const page = await register(browser(), flow, { ...base, password: '', ...change })
      expect(page.status).toBe(400)
      expect(alertOf(page.text)).toBe(message)
      expect(page.text).toContain('value="טל"')
    }
    expect(await mailsTo(ctx.database, base.email)).toHaveLength(0)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MARKETING_CONSENT_WORDING } from '@tavlin/contracts'
import { marketingConsents, newsletterSubscribers } from '../../db/schema/index.js'
import { asShopper, shopperToken } from '../../test/account-shop.js'
import { buildTestApp, type TestContext } from '../../test/build-test-app.js'
import {
  confirmLink,
  confirmationMails,
  confirmationToken,
  previewLink,
} from '../../test/confirmation-mail.js'
import { tokenFactory, type TokenFactory } from '../../test/tokens.js'
import { renderMarketingMail } from './marketing-mail.js'

let ip = 0
const fresh = () => ({ 'x-forwarded-for': `10.9.0.${++ip}` })

describe('consent and unsubscribing (issues 18, 33)', () => {
  let ctx: TestContext & { baseUrl: string }
  let admin: Record<string, string>
  let tokens: TokenFactory

  beforeAll(async () => {
    ctx = await buildTestApp({ trustProxy: true }, {}, { listen: true })
    tokens = await tokenFactory(ctx.config, ctx.database.db)
    admin = { authorization: `Bearer ${await tokens.admin()}` }
  })
  afterAll(() => ctx.close())

  const subscribe = (email: string, marketingConsent?: boolean) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/users/form/newsletter',
      headers: fresh(),
      payload: { data: { fullName: 'נועה כהן', email, city: 'חיפה', marketingConsent } },
    })
  const consent = async (email: string) =>
    (await ctx.database.db.select().from(marketingConsents)).find((row) => row.email === email)

  it('stores a subscriber without consent, but keeps them off the mailing list', async () => {
    expect((await subscribe('plain@example.com')).statusCode).toBe(201)
    expect((await subscribe('unticked@example.com', false)).statusCode).toBe(201)
    const subscribers = await ctx.database.db.select().from(newsletterSubscribers)
    expect(subscribers.map((row) => row.email)).toEqual(
      expect.arrayContaining(['plain@example.com', 'unticked@example.com']),
    )
    expect(await consent('plain@example.com')).toBeUndefined()
    expect(await consent('unticked@example.com')).toBeUndefined()
  })

  it("records no consent for a sign-up with someone else's e-mail: only the mailbox's confirmation does", async () => {
    // The attack of issue 33: a stranger signs the victim up; the victim's profile must not
    // show a consent they never gave, nor the admin's list of consenting addresses.
    const victim = await asShopper(ctx, await shopperToken(tokens, 'p-victim', { email: 'Yes@Example.com' }))
    const withConsent = await subscribe('Yes@Example.com', true)
    const without = await subscribe('someone.else@example.com', false)
    expect(withConsent.statusCode).toBe(201)
    // The same answer whether or not a confirmation mail went out.
    expect(withConsent.json()).toEqual(without.json())
    expect(await consent('yes@example.com')).toBeUndefined()
    expect((await victim('GET', '/api/account')).json().data.marketingConsent).toBe(false)
    const csv = await ctx.app.inject({ url: '/api/admin/marketing/consents.csv', headers: admin })
    expect(csv.body).not.toContain('yes@example.com')

    // The mail to the address quotes nothing the sender typed (here, the name).
    const [mail] = await confirmationMails(ctx, 'yes@example.com')
    expect(mail!.subject).toBe('תבלין: אישור הרשמה לדיוור')
    expect(mail!.text).toContain(MARKETING_CONSENT_WORDING)
    expect(mail!.text).not.toContain('נועה כהן')
    expect(mail!.html).not.toContain('נועה כהן')

    // The owner of the mailbox confirms, from another address: both steps are kept.
    const token = await confirmationToken(ctx, 'yes@example.com')
    const preview = await previewLink(ctx, token)
    expect(preview.json().data).toMatchObject({
      purpose: 'newsletter',
      email: 'yes@example.com',
      orderNumber: null,
    })
    expect(await consent('yes@example.com')).toBeUndefined()
    const confirmed = await confirmLink(ctx, token, '10.77.0.2')
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(confirmed.json().data).toEqual({ purpose: 'newsletter', orderNumber: null })
    const row = await consent('yes@example.com')
    expect(row).toMatchObject({
      source: 'newsletter',
      wording: MARKETING_CONSENT_WORDING,
      withdrawnAt: null,
      requestAddress: expect.stringMatching(/^10\.9\.0\.\d+$/),
      consentAddress: '10.77.0.2',
    })
    expect(row!.requestedAt!.getTime()).toBeLessThanOrEqual(row!.consentedAt.getTime())
    expect((await victim('GET', '/api/account')).json().data.marketingConsent).toBe(true)
    // The link works once.
    const again = await confirmLink(ctx, token)
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('LINK_USED')
  })

  it('asks the early adopter to confirm as well, and records the early-adopters form as the source', async () => {
    const early = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/form/early-adapter',
      headers: fresh(),
      payload: {
        data: {
          fullName: 'דוד לוי',
          email: 'david@example.com',
          street: 'הרצל 12',
          city: 'תל אביב',
          phone: '050-1234567',
          marketingConsent: true,
        },
      },
    })
    expect(early.statusCode).toBe(201)
    expect(await consent('david@example.com')).toBeUndefined()
    const confirmed = await confirmLink(ctx, await confirmationToken(ctx, 'david@example.com'))
    expect(confirmed.json().data.purpose).toBe('early-adapter')
    expect(await consent('david@example.com')).toMatchObject({ source: 'early-adapter' })
    // Already on the list: a new sign-up sends no new mail.
    await subscribe('david@example.com', true)
    expect(await confirmationMails(ctx, 'david@example.com')).toHaveLength(1)
  })

  it('exports the consenting addresses as CSV for the admin only', async () => {
    expect((await ctx.app.inject({ url: '/api/admin/marketing/consents.csv' })).statusCode).toBe(401)
    const csv = await ctx.app.inject({ url: '/api/admin/marketing/consents.csv', headers: admin })
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(csv.body).toContain('yes@example.com')
    expect(csv.body).toContain(MARKETING_CONSENT_WORDING)
    expect(csv.body).toContain('10.77.0.2')
    expect(csv.body.split('\r\n')[0]).toContain('כתובת IP באישור')
    expect(csv.body).not.toContain('plain@example.com')
  })

  it('builds marketing mail with "פרסומת" first, the sender and a one-click unsubscribe link', async () => {
    const { token } = { token: (await consent('yes@example.com'))!.unsubscribeToken }
    const mail = renderMarketingMail(
      { subject: 'מבצע חורף', html: '<p>הנחה</p>', text: 'הנחה' },
      {
        legalName: 'תבלין בע"מ',
        businessNumber: '516179157',
        address: 'תל אביב',
        phone: '03-1',
        email: 'a@b.c',
      },
      `http://shop.test/unsubscribe?token=${token}`,
    )
    expect(mail.subject).toBe('פרסומת: מבצע חורף')
    expect(mail.text).toContain('תבלין בע"מ, ח.פ./ע.מ. 516179157')
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    expect(mail.html).toContain(`href="http://shop.test/unsubscribe?token=${token}"`)
  })

  it('unsubscribes with the token alone, with no sign-in; an unknown token is 404', async () => {
    const token = (await consent('yes@example.com'))!.unsubscribeToken
    const left = await ctx.app.inject({
      method: 'POST',
      url: '/api/marketing/unsubscribe',
      headers: fresh(),
      payload: { token },
    })
    expect(left.statusCode, left.body).toBe(200)
    expect((await consent('yes@example.com'))!.withdrawnAt).not.toBeNull()
    const csv = await ctx.app.inject({ url: '/api/admin/marketing/consents.csv', headers: admin })
    expect(csv.body).not.toContain('yes@example.com')
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/marketing/unsubscribe',
      headers: fresh(),
      payload: { token: 'no-such-token' },
    })
    expect(unknown.statusCode).toBe(404)
    // The mail client's one-click POST (RFC 8058) to the link itself.
    const david = (await consent('david@example.com'))!.unsubscribeToken
    const oneClick = await ctx.app.inject({
      method: 'POST',
      url: `/unsubscribe?token=${david}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(oneClick.statusCode).toBe(200)
    expect((await consent('david@example.com'))!.withdrawnAt).not.toBeNull()
  })
})

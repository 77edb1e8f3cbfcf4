import { describe, expect, it } from 'vitest'
import { shopToday } from '@tavlin/contracts'
import { coupons, mailOutbox } from '../../db/schema/index.js'
import { confirmLink, confirmationToken } from '../../test/confirmation-mail.js'
import { post } from '../../test/form-fixtures.js'
import { shopDay, useCouponsShop } from '../../test/coupons-shop.js'

// The newsletter's welcome coupon (issue 19): off by default, on with the owner's value.
const shop = useCouponsShop()

const subscribe = (email: string, marketingConsent: boolean) =>
  post(shop.ctx, 'newsletter', { fullName: 'נועה כהן', email, city: 'חיפה', marketingConsent })

async function welcomeMails(email: string) {
  const mails = await shop.ctx.database.db.select().from(mailOutbox)
  return mails.filter((mail) => mail.dedupeKey === `welcome-coupon:${email}`)
}

/** The subscriber's mailbox confirms the link it was sent. */
async function confirm(email: string) {
  const confirmed = await confirmLink(shop.ctx, await confirmationToken(shop.ctx, email))
  expect(confirmed.statusCode, confirmed.body).toBe(200)
}

async function issuedTo(email: string) {
  const rows = await shop.ctx.database.db.select().from(coupons)
  return rows.filter((row) => row.issuedTo === email)
}

describe('the welcome coupon', () => {
  it('is off by default: a subscriber with consent gets no coupon', async () => {
    const settings = await shop.ctx.app.inject({ url: '/api/admin/coupons/welcome' })
    expect(settings.json().data).toEqual({ enabled: false, kind: 'percent', value: 10, validDays: 30 })
    expect((await subscribe('off@example.com', true)).statusCode).toBe(201)
    await confirm('off@example.com')
    expect(await welcomeMails('off@example.com')).toHaveLength(0)
    expect(await issuedTo('off@example.com')).toHaveLength(0)
  })

  it('when on, mails a subscriber who confirmed their consent one personal one-use coupon, once, that checkout accepts', async () => {
    const saved = await shop.ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/coupons/welcome',
      payload: { enabled: true, kind: 'fixed', value: 25, validDays: 14 },
    })
    expect(saved.statusCode).toBe(200)
    expect((await shop.ctx.app.inject({ url: '/api/admin/coupons/welcome' })).json().data).toEqual({
      enabled: true,
      kind: 'fixed',
      value: 25,
      validDays: 14,
    })

    await subscribe('No Consent@example.com'.replace(' ', ''), false)
    expect(await issuedTo('noconsent@example.com')).toHaveLength(0)

    await subscribe('Dana@Example.com', true)
    // Nothing before the mailbox confirms (issue 33).
    expect(await issuedTo('dana@example.com')).toHaveLength(0)
    await confirm('dana@example.com')
    const [coupon] = await issuedTo('dana@example.com')
    expect(coupon).toMatchObject({ kind: 'fixed', value: 2500, usageLimit: 1, onePerCustomer: true })
    expect(coupon!.code).toMatch(/^WELCOME-[A-Z2-9]{8}$/)
    // Valid 14 days: today and the 13 after it.
    expect(coupon!.endsOn).toBe(shopDay(13))
    expect(coupon!.endsOn! > shopToday()).toBe(true)
    const [mail] = await welcomeMails('dana@example.com')
    expect(mail!.to).toBe('dana@example.com')
    expect(mail!.text).toContain(`קוד הקופון שלכם: ${coupon!.code}`)
    expect(mail!.text).toContain('הנחה של 25.00 ₪')
    expect(mail!.text).toContain('הקופון אישי: הוא תקף בהזמנה עם כתובת הדוא״ל dana@example.com.')

    // Subscribing again sends nothing more.
    await subscribe('dana@example.com', true)
    expect(await issuedTo('dana@example.com')).toHaveLength(1)
    expect(await welcomeMails('dana@example.com')).toHaveLength(1)

    const check = await shop.check(coupon!.code.toLowerCase(), { email: 'dana@example.com' })
    expect(check.json().data).toMatchObject({ discount: 25, totalPrice: 159.8 })
  })

  it('gives one mailbox one coupon however its aliases are spelled, and binds it to that mailbox at checkout', async () => {
    // The attack of issue 33: one mailbox collected a code per `name+N@` alias.
    for (const alias of [
      'Maya.Levi@gmail.com',
      'maya.levi+1@gmail.com',
      'mayalevi+2@googlemail.com',
      'm.a.y.a.levi@gmail.com',
    ]) {
      expect((await subscribe(alias, true)).statusCode).toBe(201)
      await confirm(alias.toLowerCase())
    }
    const rows = (await shop.ctx.database.db.select().from(coupons)).filter((row) =>
      row.issuedTo?.includes('gmail.com'),
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ issuedTo: 'maya.levi@gmail.com', issuedToMailbox: 'mayalevi@gmail.com' })
    const code = rows[0]!.code

    // At checkout: another address is refused with its own reason; any spelling of the mailbox is fine.
    const other = await shop.sale(code, 159.8, 'someone.else@example.com')
    expect(other.statusCode).toBe(422)
    expect(other.json().code).toBe('COUPON_OTHER_EMAIL')
    const checked = await shop.check(code, { email: 'someone.else@example.com' })
    expect(checked.json().code).toBe('COUPON_OTHER_EMAIL')
    const own = await shop.sale(code, 159.8, 'MayaLevi+checkout@gmail.com')
    expect(own.statusCode, own.body).toBe(201)
  })

  it('refuses a percentage above 100 and a validity of 0 days (400)', async () => {
    for (const payload of [
      { enabled: true, kind: 'percent', value: 120, validDays: 10 },
      { enabled: true, kind: 'percent', value: 10, validDays: 0 },
    ]) {
      const response = await shop.ctx.app.inject({
        method: 'PUT',
        url: '/api/admin/coupons/welcome',
        payload,
      })
      expect(response.statusCode).toBe(400)
    }
  })
})

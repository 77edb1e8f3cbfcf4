import { describe, expect, it } from 'vitest'
import { shopToday } from '@tavlin/contracts'
import { coupons, mailOutbox } from '../../db/schema/index.js'
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

async function issuedTo(email: string) {
  const rows = await shop.ctx.database.db.select().from(coupons)
  return rows.filter((row) => row.issuedTo === email)
}

describe('the welcome coupon', () => {
  it('is off by default: a subscriber with consent gets no coupon', async () => {
    const settings = await shop.ctx.app.inject({ url: '/api/admin/coupons/welcome' })
    expect(settings.json().data).toEqual({ enabled: false, kind: 'percent', value: 10, validDays: 30 })
    expect((await subscribe('off@example.com', true)).statusCode).toBe(201)
    expect(await welcomeMails('off@example.com')).toHaveLength(0)
    expect(await issuedTo('off@example.com')).toHaveLength(0)
  })

  it('when on, mails a subscriber with consent one personal one-use coupon, once, that checkout accepts', async () => {
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

    // Subscribing again sends nothing more.
    await subscribe('dana@example.com', true)
    expect(await issuedTo('dana@example.com')).toHaveLength(1)
    expect(await welcomeMails('dana@example.com')).toHaveLength(1)

    const check = await shop.check(coupon!.code.toLowerCase(), { email: 'dana@example.com' })
    expect(check.json().data).toMatchObject({ discount: 25, totalPrice: 159.8 })
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

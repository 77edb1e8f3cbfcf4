import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { mailOutbox, orders } from '../../db/schema/index.js'
import { saleRequest, testCustomer } from '../../test/factories.js'
import { useOrdersShop } from '../../test/orders-shop.js'
import { tokenFactory } from '../../test/tokens.js'
import { SANDBOX_CARDS } from '../payments/payplus-sandbox.service.js'

// The checkout phone (decisions 225, 253) and the address's entrance, floor and apartment (decision 226).
const shop = useOrdersShop()

const withCustomer = (customer: object) =>
  saleRequest(shop.ids, { customer: { ...testCustomer, ...customer } as typeof testCustomer })

const details = { entrance: ' ב ', floor: '3', apartment: ' 12 ' }

async function adminHeaders() {
  const tokens = await tokenFactory(shop.ctx.config, shop.ctx.database.db)
  return { authorization: `Bearer ${await tokens.admin()}` }
}

describe('the phone at checkout', () => {
  it('stores a +972 number as 05XXXXXXXX', async () => {
    const response = await shop.sale(withCustomer({ phone: '+972-54-123 4567' }))
    expect(response.statusCode, response.body).toBe(201)
    const row = await shop.orderRow(response.json().data.order._id)
    expect(row.customer.phone).toBe('0541234567')
  })

  it('stores 05X-XXXXXXX without its dash', async () => {
    const response = await shop.sale(withCustomer({ phone: '052-7654321' }))
    expect(response.statusCode).toBe(201)
    expect((await shop.orderRow(response.json().data.order._id)).customer.phone).toBe('0527654321')
  })

  it('takes a landline as typed while the owner asks for any phone (the default, spec §5)', async () => {
    const rule = await shop.ctx.app.inject({ url: '/api/shop/checkout' })
    expect(rule.json().data).toEqual({ mobilePhoneOnly: false })
    const response = await shop.sale(withCustomer({ phone: '02-1234567' }))
    expect(response.statusCode, response.body).toBe(201)
    expect((await shop.orderRow(response.json().data.order._id)).customer.phone).toBe('02-1234567')
  })

  it('refuses a landline with 400 and the Israeli-mobile message once the owner asks for a mobile (decision 253)', async () => {
    const headers = await adminHeaders()
    const setRule = (mobilePhoneOnly: boolean) =>
      shop.ctx.app.inject({
        method: 'PUT',
        url: '/api/admin/shop/checkout',
        headers,
        payload: { mobilePhoneOnly },
      })
    expect((await setRule(true)).json().data).toEqual({ mobilePhoneOnly: true })
    try {
      expect((await shop.ctx.app.inject({ url: '/api/shop/checkout' })).json().data).toEqual({
        mobilePhoneOnly: true,
      })
      const response = await shop.sale(withCustomer({ phone: '03-12345678' }))
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: [{ field: expect.stringMatching(/customer\.phone$/), message: 'validation.phoneMobile' }],
      })
      expect((await shop.sale(withCustomer({ phone: '050-7654321' }))).statusCode).toBe(201)
    } finally {
      await setRule(false)
    }
  })

  it('lets only an admin change the rule', async () => {
    const response = await shop.ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/shop/checkout',
      payload: { mobilePhoneOnly: true },
    })
    expect(response.statusCode).toBe(401)
  })

  it('still shows the admin an older order whose phone was stored as typed', async () => {
    const { order } = await shop.newOrder()
    await shop.ctx.database.db
      .update(orders)
      .set({ customer: { ...testCustomer, phone: '+1 212 555 1234' } })
      .where(eq(orders.id, order._id))
    const response = await shop.ctx.app.inject({
      url: `/api/orders/${order._id}`,
      headers: await adminHeaders(),
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().data.customer.phone).toBe('+1 212 555 1234')
  })
})

describe('entrance, floor and apartment', () => {
  it('are stored trimmed with the order and shown to the admin', async () => {
    const address = { ...testCustomer.address, ...details }
    const response = await shop.sale(withCustomer({ address }))
    expect(response.statusCode, response.body).toBe(201)
    const id = response.json().data.order._id
    expect((await shop.orderRow(id)).customer.address).toEqual({
      ...testCustomer.address,
      // "תל אביב" is stored as the localities list names it (decision 227).
      city: 'תל אביב-יפו',
      entrance: 'ב',
      floor: '3',
      apartment: '12',
    })
    const admin = await shop.ctx.app.inject({ url: `/api/orders/${id}`, headers: await adminHeaders() })
    expect(admin.json().data.customer.address).toMatchObject({ entrance: 'ב', floor: '3', apartment: '12' })
  })

  it('are optional: an order without them stores none', async () => {
    const { order } = await shop.newOrder()
    const { address } = (await shop.orderRow(order._id)).customer
    expect(Object.keys(address).sort()).toEqual(['city', 'postal_code', 'street', 'streetNum'])
  })

  it('refuses one longer than ten characters', async () => {
    const response = await shop.sale(
      withCustomer({ address: { ...testCustomer.address, floor: 'קומה שלישית' } }),
    )
    expect(response.statusCode).toBe(400)
    expect(response.json().details).toEqual([
      { field: expect.stringMatching(/customer\.address\.floor$/), message: 'validation.tooLong' },
    ])
  })

  it('appear in the order e-mails under the address', async () => {
    const response = await shop.sale(withCustomer({ address: { ...testCustomer.address, ...details } }))
    const { paymentLink, order } = response.json().data
    expect((await shop.pay(paymentLink, SANDBOX_CARDS.approved)).status).toBe(303)
    const mails = (await shop.ctx.database.db.select().from(mailOutbox)).filter((mail) =>
      mail.dedupeKey.endsWith(order._id),
    )
    expect(mails).toHaveLength(2)
    // The paragraph of the shopper's mail carries inline styles (decision 260), the owner's notice none.
    for (const mail of mails) {
      expect(mail.text).toContain('כתובת למשלוח:\nהרצל 12, תל אביב-יפו, 6100000\nכניסה ב, קומה 3, דירה 12')
      expect(mail.html).toContain('>הרצל 12, תל אביב-יפו, 6100000<br>כניסה ב, קומה 3, דירה 12</p>')
    }
  })

  it('leave the e-mail address as it was when none is given', async () => {
    const { paymentLink, order } = await shop.newOrder()
    await shop.pay(paymentLink, SANDBOX_CARDS.approved)
    const [mail] = (await shop.ctx.database.db.select().from(mailOutbox)).filter((m) =>
      m.dedupeKey.endsWith(order._id),
    )
    expect(mail!.html).toContain('>הרצל 12, תל אביב-יפו, 6100000</p>')
    expect(mail!.text).not.toContain('כניסה')
  })
})

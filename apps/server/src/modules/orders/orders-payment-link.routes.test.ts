import { describe, expect, it } from 'vitest'
import { useOrdersShop } from '../../test/orders-shop.js'
import { SANDBOX_CARDS } from '../payments/payplus-sandbox.service.js'

// What every payment link carries, against a sandbox as strict as PayPlus (issue 32 points 1 and 6).
const shop = useOrdersShop({ allowAdmins: true })

async function pageHtml(paymentLink: string) {
  return (await shop.ctx.app.inject({ url: new URL(paymentLink).pathname })).body
}

describe('the header forms an account honours', () => {
  it('checks out and pays where PayPlus honours only the JSON Authorization header, or only the pair', async () => {
    for (const form of ['json', 'pair'] as const) {
      shop.sandbox.authHeaders = form
      const { paymentLink, order } = await shop.newOrder()
      await shop.pay(paymentLink, SANDBOX_CARDS.approved)
      expect((await shop.orderRow(order._id)).status, form).toBe('paid')
    }
  })
})

describe("the owner's payment methods and installments", () => {
  it('offers cards in one payment by default, whatever the dashboard has on', async () => {
    const options = await shop.ctx.app.inject({ url: '/api/shop/payment-options' })
    expect(options.json().data).toEqual({ methods: ['credit-card'], maxInstallments: 1 })
    const { paymentLink } = await shop.newOrder()
    const html = await pageHtml(paymentLink)
    expect(html).toContain('מספר כרטיס')
    expect(html).not.toContain('Bit')
    expect(html).not.toContain('Apple Pay')
    expect(html).not.toContain('Google Pay')
    expect(html).not.toContain('מספר תשלומים')
  })

  it("sends the owner's choice with every link, and shows it to shoppers before payment", async () => {
    const saved = await shop.ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/shop/payment-options',
      payload: { methods: ['google-pay', 'bit', 'credit-card'], maxInstallments: 3 },
    })
    expect(saved.statusCode).toBe(200)
    // Cards first (the page's default), then in PayPlus's order.
    expect(saved.json().data).toEqual({ methods: ['credit-card', 'bit', 'google-pay'], maxInstallments: 3 })
    expect((await shop.ctx.app.inject({ url: '/api/shop/payment-options' })).json().data).toEqual(
      saved.json().data,
    )
    const { paymentLink } = await shop.newOrder()
    const html = await pageHtml(paymentLink)
    expect(html).toContain('תשלום ב־Bit')
    expect(html).toContain('תשלום ב־Google Pay')
    expect(html).not.toContain('Apple Pay')
    expect(html).toContain('<option value="3">3</option>')
    expect(html).not.toContain('<option value="4">')
    for (const payload of [
      { methods: [], maxInstallments: 1 },
      { methods: ['credit-card'], maxInstallments: 13 },
      { methods: ['paypal'], maxInstallments: 1 },
    ]) {
      const refused = await shop.ctx.app.inject({
        method: 'PUT',
        url: '/api/admin/shop/payment-options',
        payload,
      })
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400)
    }
    await shop.ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/shop/payment-options',
      payload: { methods: ['credit-card'], maxInstallments: 1 },
    })
  })
})

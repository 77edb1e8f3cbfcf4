import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { mailOutbox, orders, sandboxPaymentPages } from '../../db/schema/index.js'
import { SANDBOX_CARDS } from '../payments/payplus-sandbox.service.js'
import { freshCode, useCouponsShop } from '../../test/coupons-shop.js'
import { COUPON_CHECKS_PER_MINUTE } from '../orders/orders.routes.js'

// A coupon at checkout: checked again, stored on the order, on every receipt, and used once per order.
const shop = useCouponsShop()

/** The shopper's browser on the sandbox's hosted page. */
async function pay(paymentLink: string, card: string) {
  const url = new URL(new URL(paymentLink).pathname, shop.ctx.baseUrl)
  const form = new URLSearchParams({
    card_number: card,
    card_holder_name: 'נועה כהן',
    identification_number: '123456782',
    expiry_month: '12',
    expiry_year: String(new Date().getFullYear() + 2),
    cvv: '123',
  })
  const response = await fetch(url, { method: 'POST', body: form, redirect: 'manual' })
  await response.arrayBuffer()
  return new URL(response.headers.get('location')!)
}

describe('checkout with a coupon', () => {
  it('stores the code and the discount, charges the discounted total and shows the discount everywhere', async () => {
    const code = freshCode()
    await shop.coupon({ code, kind: 'fixed', value: 20 })
    // 169.80 − 20 + 15 = 164.80
    const response = await shop.sale(code.toLowerCase(), 164.8)
    expect(response.statusCode).toBe(201)
    const { order, paymentLink } = response.json().data
    expect(order.totalPrice).toBe(164.8)

    const [page] = await shop.ctx.database.db
      .select()
      .from(sandboxPaymentPages)
      .where(eq(sandboxPaymentPages.pageRequestUid, new URL(paymentLink).pathname.split('/').pop()!))
    expect(page!.request).toMatchObject({ amount: 164.8 })
    expect(page!.request.items).toContainEqual({
      name: `הנחה (קופון ${code})`,
      quantity: 1,
      price: -20,
      vat_type: 0,
    })

    const redirect = await pay(paymentLink, SANDBOX_CARDS.approved)
    const transactionUid = redirect.searchParams.get('transaction_uid')!
    const thanks = (await shop.ctx.app.inject({ url: `/api/orders/${order._id}/${transactionUid}` })).json()
      .data
    expect(thanks).toMatchObject({
      orderStatus: 'paid',
      subtotal: 169.8,
      discount: 20,
      couponCode: code,
      shippingFee: 15,
      totalPrice: 164.8,
    })
    // VAT on what was paid: 164.80 − 164.80 / 1.18 = 25.14
    expect(thanks.vat).toBe(25.14)
    const admin = (await shop.ctx.app.inject({ url: `/api/orders/${order._id}` })).json().data
    expect(admin).toMatchObject({ discount: 20, couponCode: code, totalPrice: 164.8 })
    const mails = (await shop.ctx.database.db.select().from(mailOutbox)).filter((m) =>
      m.dedupeKey.endsWith(order._id),
    )
    expect(mails.length).toBeGreaterThan(0)
    for (const mail of mails) {
      expect(mail.text).toContain(`הנחה (קופון ${code}): −`)
      // The code isolated left to right inside the Hebrew (issue 35).
      expect(mail.html).toContain(`הנחה (קופון <bdi dir="ltr">${code}</bdi>)`)
    }
    expect(await shop.listed(code)).toMatchObject({ usedCount: 1 })
  })

  it('answers 409 PRICE_CHANGED with the discount when the browser showed another total', async () => {
    const code = freshCode()
    await shop.coupon({ code, kind: 'percent', value: 10 })
    const response = await shop.sale(code, 184.8)
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({
      code: 'PRICE_CHANGED',
      details: { subtotal: 169.8, discount: 16.98, shippingFee: 15, totalPrice: 167.82 },
    })
    expect(await shop.listed(code)).toMatchObject({ usedCount: 0 })
  })

  it('refuses an unknown code at checkout with its own code', async () => {
    expect((await shop.sale('NOPE', 184.8)).json().code).toBe('COUPON_UNKNOWN')
  })
})

describe('a coupon is used once per order', () => {
  it('a one-use coupon: the second checkout is refused COUPON_USED_UP, and the check says so too', async () => {
    const code = freshCode()
    await shop.coupon({ code, usageLimit: 1 })
    expect((await shop.sale(code, 167.82, 'first@example.com')).statusCode).toBe(201)
    const second = await shop.sale(code, 167.82, 'second@example.com')
    expect(second.statusCode).toBe(422)
    expect(second.json().code).toBe('COUPON_USED_UP')
    expect((await shop.check(code)).json().code).toBe('COUPON_USED_UP')
    expect(await shop.listed(code)).toMatchObject({ usedCount: 1 })
  })

  it('a one-per-customer coupon: the same e-mail (any case) is refused COUPON_ALREADY_USED, another is not', async () => {
    const code = freshCode()
    await shop.coupon({ code, onePerCustomer: true })
    expect((await shop.sale(code, 167.82, 'dana@example.com')).statusCode).toBe(201)
    const again = await shop.sale(code, 167.82, 'Dana@Example.com')
    expect(again.statusCode).toBe(422)
    expect(again.json().code).toBe('COUPON_ALREADY_USED')
    expect((await shop.check(code, { email: 'dana@example.com' })).json().code).toBe('COUPON_ALREADY_USED')
    expect((await shop.check(code, { email: 'other@example.com' })).statusCode).toBe(200)
    expect((await shop.sale(code, 167.82, 'other@example.com')).statusCode).toBe(201)
    expect(await shop.listed(code)).toMatchObject({ usedCount: 2 })
  })

  it('a declined payment keeps the use while its page is open; a cancelled order and an expired one give it back', async () => {
    const code = freshCode()
    await shop.coupon({ code, usageLimit: 1, onePerCustomer: true })
    const declined = (await shop.sale(code, 167.82)).json().data
    await pay(declined.paymentLink, SANDBOX_CARDS.declined)
    // The shopper may try another card on the same page (issue 32): the use stays held.
    expect(await shop.listed(code)).toMatchObject({ usedCount: 1 })
    await shop.ctx.app.inject({
      method: 'PATCH',
      url: `/api/orders/${declined.order._id}`,
      payload: { orderStatus: 'cancelled' },
    })
    expect(await shop.listed(code)).toMatchObject({ usedCount: 0 })

    const cancelled = await shop.sale(code, 167.82)
    expect(cancelled.statusCode).toBe(201)
    const patch = await shop.ctx.app.inject({
      method: 'PATCH',
      url: `/api/orders/${cancelled.json().data.order._id}`,
      payload: { orderStatus: 'cancelled' },
    })
    expect(patch.statusCode).toBe(200)
    expect(await shop.listed(code)).toMatchObject({ usedCount: 0 })

    expect((await shop.sale(code, 167.82)).statusCode).toBe(201)
    expect(await shop.listed(code)).toMatchObject({ usedCount: 1 })
    const afterTimeout = new Date(Date.now() + (shop.ctx.config.orderPaymentTimeoutMinutes + 1) * 60_000)
    await shop.ctx.app.jobs.reconcilePayments(afterTimeout)
    expect(await shop.listed(code)).toMatchObject({ usedCount: 0 })
    // Given back: the same customer may use it again.
    expect((await shop.sale(code, 167.82)).statusCode).toBe(201)
  })

  it('a payment that still arrives for an expired order counts its use again, over the limit if need be', async () => {
    const code = freshCode()
    await shop.coupon({ code, usageLimit: 1 })
    const late = (await shop.sale(code, 167.82, 'late@example.com')).json().data
    const afterTimeout = new Date(Date.now() + (shop.ctx.config.orderPaymentTimeoutMinutes + 1) * 60_000)
    await shop.ctx.app.jobs.reconcilePayments(afterTimeout)
    expect(await shop.listed(code)).toMatchObject({ usedCount: 0 })
    expect((await shop.sale(code, 167.82, 'next@example.com')).statusCode).toBe(201)
    // The money was taken for the expired order (settle-payment records it): both uses count.
    await shop.ctx.database.db.update(orders).set({ status: 'paid' }).where(eq(orders.id, late.order._id))
    expect(await shop.listed(code)).toMatchObject({ usedCount: 2 })
  })

  it('50 concurrent checkouts with a one-use coupon make exactly one discounted order', async () => {
    const code = freshCode()
    await shop.coupon({ code, usageLimit: 1 })
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => shop.sale(code, 167.82, `racer${i}@example.com`)),
    )
    const statuses = answers.map((a) => a.statusCode)
    expect(statuses.filter((s) => s === 201)).toHaveLength(1)
    expect(statuses.filter((s) => s === 422)).toHaveLength(49)
    expect(new Set(answers.filter((a) => a.statusCode === 422).map((a) => a.json().code))).toEqual(
      new Set(['COUPON_USED_UP']),
    )
    expect(await shop.listed(code)).toMatchObject({ usedCount: 1 })
  })

  it('10 concurrent checkouts of one customer with a one-per-customer coupon make one order', async () => {
    const code = freshCode()
    await shop.coupon({ code, onePerCustomer: true })
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => shop.sale(code, 167.82, 'same@example.com')),
    )
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1)
    expect(answers.filter((a) => a.statusCode === 422).map((a) => a.json().code)).toEqual(
      Array(9).fill('COUPON_ALREADY_USED'),
    )
    expect(await shop.listed(code)).toMatchObject({ usedCount: 1 })
  })
})

describe('guessing coupon codes', () => {
  it(`answers 429 RATE_LIMITED with Retry-After after ${COUPON_CHECKS_PER_MINUTE} checks a minute from one address`, async () => {
    const check = () =>
      shop.ctx.app.inject({
        method: 'POST',
        url: '/api/coupons/check',
        remoteAddress: '203.0.113.19',
        payload: { code: freshCode(), orderItems: [] },
      })
    for (let attempt = 0; attempt < COUPON_CHECKS_PER_MINUTE; attempt += 1) {
      expect((await check()).statusCode).not.toBe(429)
    }
    const refused = await check()
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    // Another shopper is not held back by the guesser.
    expect((await shop.check(freshCode())).statusCode).not.toBe(429)
  })
})

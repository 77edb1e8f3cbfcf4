import { describe, expect, it } from 'vitest'
import { saleRequest, testCustomer } from '../../test/factories.js'
import { useOrdersShop } from '../../test/orders-shop.js'
import { SANDBOX_CARDS } from '../payments/payplus-sandbox.service.js'

/**
 * Stock held hostage (issue 32 point 8): an unpaid order holds its units only while its
 * page is open, one e-mail keeps only a few such orders, one address starts only a few
 * checkouts a minute.
 */
describe('checkout limits on unpaid orders', () => {
  const shop = useOrdersShop({ env: { CHECKOUT_RATE_LIMIT_PER_MINUTE: '4', UNPAID_ORDERS_PER_EMAIL: '2' } })
  let addresses = 0
  const checkout = (email: string, remoteAddress = `10.0.0.${++addresses}`) =>
    shop.ctx.app.inject({
      method: 'POST',
      url: '/api/orders/generate-sale',
      remoteAddress,
      payload: saleRequest(shop.ids, { customer: { ...testCustomer, email } }),
    })

  it('lets one e-mail keep two orders waiting for payment; the third is a 429 until one is paid', async () => {
    const email = 'many.orders@example.com'
    const first = await checkout(email)
    expect((await checkout(email.toUpperCase())).statusCode).toBe(201)
    const third = await checkout(email)
    expect(third.statusCode).toBe(429)
    expect(third.json()).toMatchObject({
      code: 'RATE_LIMITED',
      details: { reason: 'unpaidOrders', max: 2, minutes: shop.ctx.config.orderPaymentTimeoutMinutes },
    })
    expect((await checkout('someone.else@example.com')).statusCode).toBe(201)
    await shop.pay(first.json().data.paymentLink, SANDBOX_CARDS.approved)
    expect((await checkout(email)).statusCode).toBe(201)
  })

  it('lets one address start four checkouts a minute; the fifth is a 429 with Retry-After', async () => {
    const address = '10.9.9.9'
    for (let n = 0; n < 4; n += 1)
      expect((await checkout(`buyer${n}@example.com`, address)).statusCode).toBe(201)
    const fifth = await checkout('buyer5@example.com', address)
    expect(fifth.statusCode).toBe(429)
    expect(fifth.json().code).toBe('RATE_LIMITED')
    expect(Number(fifth.headers['retry-after'])).toBeGreaterThan(0)
    expect((await checkout('buyer6@example.com')).statusCode).toBe(201)
  })
})

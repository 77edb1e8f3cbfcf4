import { describe, expect, it } from 'vitest'
import { buttonHref, expectShopperMail, useCustomerMailShop } from '../../test/customer-mail-shop.js'
import { saleRequest, testCustomer } from '../../test/factories.js'
import { freshIp } from '../../test/form-fixtures.js'
import { SANDBOX_CARDS } from '../payments/payplus-sandbox.service.js'

// Issue 41: refunds, cancellation decisions and a declined card reach the shopper, once each.
describe("the shopper's mails about money", () => {
  const shop = useCustomerMailShop()

  /** The token of the newest confirmation link in the mailbox, read from the mail folder. */
  async function confirmFromMailbox(email: string, subject: string) {
    const mail = await shop.mailTo(email, subject)
    const token = /\/confirm#(\S+)/.exec(mail.text)?.[1]
    expect(token).toBeDefined()
    const confirmed = await shop.ctx.app.inject({
      method: 'POST',
      url: '/api/confirmations/confirm',
      payload: { token },
      remoteAddress: freshIp(),
    })
    expect(confirmed.statusCode, confirmed.body).toBe(200)
  }

  /** The buyer gives a cancellation notice and confirms it; the admin's inbox entry. */
  async function cancellationOf(order: { id: string; number: string; email: string }) {
    const sent = await shop.ctx.app.inject({
      method: 'POST',
      url: '/api/cancellations',
      payload: { orderNumber: order.number, contact: order.email },
      remoteAddress: freshIp(),
    })
    expect(sent.statusCode, sent.body).toBe(202)
    await confirmFromMailbox(order.email, 'אישור הודעת ביטול')
    const inbox = (await shop.call('GET', '/api/cancellations')).json().data as Array<{
      _id: string
      orderId: string
    }>
    return inbox.find((entry) => entry.orderId === order.id)!
  }

  it('tells of a refund: how much, to which card, when; a refund of zero is refused and sends nothing', async () => {
    const order = await shop.paidOrder()
    const zero = await shop.call('POST', `/api/orders/${order.id}/refunds`, { amount: 0 })
    expect(zero.statusCode).toBe(400)
    const refund = await shop.call('POST', `/api/orders/${order.id}/refunds`, { amount: 20 })
    expect(refund.statusCode, refund.body).toBe(200)
    const mail = await shop.mailTo(order.email, `זיכוי להזמנה ${order.number}`)
    expectShopperMail(mail)
    expect(mail.text).toContain('סכום הזיכוי: \u206620.00 ₪\u2069')
    expect(mail.text).toMatch(/המסתיים בספרות \d{4}/)
    expect(mail.text).toContain('3–5 ימי עסקים')
    expect(shop.mailsTo(order.email).filter((sent) => sent.subject.includes('זיכוי'))).toHaveLength(1)
  })

  it('tells of an approved cancellation with its refund and fee, and of a refused one with the reason', async () => {
    const approvedOrder = await shop.paidOrder()
    const notice = await cancellationOf(approvedOrder)
    const approved = await shop.call('POST', `/api/cancellations/${notice._id}/approve`)
    expect(approved.statusCode, approved.body).toBe(200)
    const approval = await shop.mailTo(approvedOrder.email, `ביטול אושר להזמנה ${approvedOrder.number}`)
    expectShopperMail(approval)
    expect(approval.text).toContain('סכום הזיכוי: \u2066175.56 ₪\u2069')
    expect(approval.text).toContain('דמי ביטול לפי החוק: \u20669.24 ₪\u2069')
    // The cancellation's refund is told in the approval, not again on its own.
    expect(shop.mailsTo(approvedOrder.email).some((mail) => mail.subject.includes('זיכוי להזמנה'))).toBe(
      false,
    )

    const refusedOrder = await shop.paidOrder()
    const refusedNotice = await cancellationOf(refusedOrder)
    expect((await shop.call('POST', `/api/cancellations/${refusedNotice._id}/reject`)).statusCode).toBe(200)
    const refusal = await shop.mailTo(refusedOrder.email, `ביטול לא אושר להזמנה ${refusedOrder.number}`)
    expectShopperMail(refusal)
    expect(refusal.text).toContain('הסיבה: ')
    expect(await shop.history(refusedOrder.id)).toContainEqual(
      expect.objectContaining({ step: 'cancellation-refused', outcome: 'queued' }),
    )
  })

  it('tells of a declined card once, with a button back to the same order to pay', async () => {
    const response = await shop.call(
      'POST',
      '/api/orders/generate-sale',
      saleRequest(shop.ids, { customer: { ...testCustomer, email: 'declined@example.com' } }),
    )
    expect(response.statusCode, response.body).toBe(201)
    const { order, paymentLink } = response.json().data
    const status = () => shop.call('GET', `/api/orders/${order._id}/status?token=${order.statusToken}`)
    // The card is refused; the pending page the shopper lands on asks the provider.
    await shop.payWith(paymentLink, SANDBOX_CARDS.declined)
    expect((await status()).json().data).toMatchObject({ orderStatus: 'pending_payment', isDeclined: true })
    const mail = await shop.mailTo('declined@example.com', `התשלום לא עבר להזמנה ${order.number}`)
    expectShopperMail(mail)
    expect(buttonHref(mail.html)).toBe(
      `http://shop.test/checkout/payment-pending?order=${order._id}&token=${order.statusToken}`,
    )
    // A second refused card: still the one mail.
    await shop.payWith(paymentLink, SANDBOX_CARDS.declined)
    // What the page behind the button asks: the same order, still open, its payment page with it.
    expect((await status()).json().data).toMatchObject({ orderStatus: 'pending_payment', paymentLink })
    expect(await shop.history(order._id)).toEqual([
      expect.objectContaining({ step: 'payment-failed', outcome: 'queued' }),
    ])
  })

  it("sends nothing to an address erased on request, and the order's history says why", async () => {
    const order = await shop.paidOrder()
    for (const status of ['preparing', 'shipped', 'delivered'])
      expect((await shop.move(order.id, status)).statusCode).toBe(200)
    const asked = await shop.ctx.app.inject({
      method: 'POST',
      url: '/api/privacy/deletion-requests',
      payload: { email: order.email },
      remoteAddress: freshIp(),
    })
    expect(asked.statusCode, asked.body).toBe(201)
    await confirmFromMailbox(order.email, 'מחיקת מידע אישי')
    const requests = (await shop.call('GET', '/api/admin/privacy/deletion-requests')).json().data
      .items as Array<{
      _id: string
      email: string
    }>
    const request = requests.find((item) => item.email === order.email)!
    const erased = await shop.call('POST', `/api/admin/privacy/deletion-requests/${request._id}/erase`)
    expect(erased.statusCode, erased.body).toBe(200)
    expect((await shop.call('POST', `/api/orders/${order.id}/refunds`, { amount: 10 })).statusCode).toBe(200)
    expect(await shop.history(order.id)).toContainEqual(
      expect.objectContaining({ step: 'refund-issued', outcome: 'no-address', delivery: null }),
    )
    expect(shop.mailsTo(order.email).some((mail) => mail.subject.includes('זיכוי'))).toBe(false)
  })
})

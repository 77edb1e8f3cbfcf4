import { describe, expect, it } from 'vitest'
import { useOrdersShop } from '../../test/orders-shop.js'
import { parseReturnForm } from '../../test/pay-in-sandbox.js'
import { SANDBOX_CARDS } from '../payments/payplus-sandbox.service.js'

// PayPlus's return by GET or POST, full or empty (issue 32 point 2 and the "Returns" section).
const shop = useOrdersShop()

/** What the shopper's browser does with the sandbox's answer: follows a redirect, or submits the form. */
async function comeBack(paid: { status: number; location: string | null; html: string }) {
  if (paid.status === 303) {
    const url = new URL(paid.location!)
    return shop.ctx.app.inject({ method: 'GET', url: url.pathname + url.search })
  }
  const form = parseReturnForm(paid.html)
  const action = new URL(form.action)
  return shop.ctx.app.inject({
    method: 'POST',
    url: action.pathname + action.search,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form.fields).toString(),
  })
}

const CARD_FIELDS = ['four_digits', 'card_holder_name', 'identification_number', 'card_bin', 'expiry_month']

describe('the return by POST', () => {
  it('answers the posted thank-you with the same page at a clean address, without card details', async () => {
    shop.sandbox.returnMethod = 'post'
    const { paymentLink, order } = await shop.newOrder()
    const back = await comeBack(await shop.pay(paymentLink, SANDBOX_CARDS.approved))
    expect(back.statusCode).toBe(303)
    const location = new URL(back.headers.location as string, 'http://shop.test')
    expect(location.pathname).toBe('/thank-you')
    const { transactionUid } = await shop.orderRow(order._id)
    expect(Object.fromEntries(location.searchParams)).toEqual({
      more_info: order._id,
      transaction_uid: transactionUid,
    })
    for (const field of CARD_FIELDS) expect(location.search).not.toContain(field)
    expect(back.headers['cache-control']).toBe('no-store')
    const thanks = await shop.ctx.app.inject({ url: `/api/orders/${order._id}/${transactionUid}` })
    expect(thanks.json().data).toMatchObject({
      orderStatus: 'paid',
      card_information: { four_digits: '0000' },
    })
  })

  it('answers the posted failure with the pending page for the order, its token kept', async () => {
    shop.sandbox.returnMethod = 'post'
    const { paymentLink, order } = await shop.newOrder()
    const back = await comeBack(await shop.pay(paymentLink, SANDBOX_CARDS.declined))
    expect(back.statusCode).toBe(303)
    const location = new URL(back.headers.location as string, 'http://shop.test')
    expect(location.pathname).toBe('/checkout/payment-pending')
    expect(Object.fromEntries(location.searchParams)).toEqual({
      order: order._id,
      failed: '1',
      token: order.statusToken,
    })
  })
})

describe('the return by GET', () => {
  it('moves a return full of card details to the clean address, and serves a clean one as it is', async () => {
    const { paymentLink, order } = await shop.newOrder()
    const paid = await shop.pay(paymentLink, SANDBOX_CARDS.approved)
    expect(new URL(paid.location!).searchParams.get('four_digits')).toBe('0000')
    const back = await comeBack(paid)
    expect(back.statusCode).toBe(303)
    const clean = back.headers.location as string
    expect(clean).toBe(
      `/thank-you?more_info=${order._id}&transaction_uid=${(await shop.orderRow(order._id)).transactionUid}`,
    )
    expect((await shop.ctx.app.inject({ url: clean })).statusCode).not.toBe(303)
  })
})

describe('an empty or partial return', () => {
  it("falls back to the order's own look-up when the return says nothing and the callback was lost", async () => {
    shop.sandbox.emptyReturn = true
    shop.sandbox.returnMethod = 'post'
    shop.flags.dropCallbacks = true
    const { paymentLink, order } = await shop.newOrder()
    const paid = await shop.pay(paymentLink, SANDBOX_CARDS.approved)
    expect(parseReturnForm(paid.html).fields).toEqual({})
    expect((await shop.orderRow(order._id)).status).toBe('pending_payment')
    const back = await comeBack(paid)
    const row = await shop.orderRow(order._id)
    expect(row.status).toBe('paid')
    expect(back.headers.location).toBe(
      `/thank-you?more_info=${order._id}&transaction_uid=${row.transactionUid}`,
    )
  })

  it('looks nothing up for a return whose token is wrong', async () => {
    shop.flags.dropCallbacks = true
    const { paymentLink, order } = await shop.newOrder()
    await shop.pay(paymentLink, SANDBOX_CARDS.approved)
    const back = await shop.ctx.app.inject({
      method: 'POST',
      url: `/thank-you?order=${order._id}&token=guessed`,
    })
    expect(back.statusCode).toBe(303)
    expect(back.headers.location).toBe(`/thank-you?more_info=${order._id}`)
    expect((await shop.orderRow(order._id)).status).toBe('pending_payment')
  })

  it("gives the pending page the order's number, its page and how long it stays open", async () => {
    const { order, paymentLink } = await shop.newOrder()
    const status = await shop.ctx.app.inject({
      url: `/api/orders/${order._id}/status?token=${order.statusToken}`,
    })
    const data = status.json().data
    expect(data).toMatchObject({ orderStatus: 'pending_payment', number: order.number, paymentLink })
    const minutes = (Date.parse(data.payableUntil) - Date.now()) / 60_000
    expect(minutes).toBeGreaterThan(shop.ctx.config.orderPaymentTimeoutMinutes - 1)
    expect(minutes).toBeLessThanOrEqual(shop.ctx.config.orderPaymentTimeoutMinutes)
  })
})

import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { deliveryWindow, formatDeliveryWindow } from '@tavlin/contracts'
import { mailOutbox, paymentCallbacks } from '../../db/schema/index.js'
import { signPayPlusBody } from '../payments/payplus.adapter.js'
import { SANDBOX_CARDS } from '../payments/payplus-sandbox.service.js'
import { useOrdersShop, VALID_ID } from '../../test/orders-shop.js'

// Paying: the sandbox's callback settles the order and tells the customer (orders steps 5–6).
const shop = useOrdersShop()

describe('a payment through the built-in PayPlus sandbox', () => {
  it('pays with the approved card: signed callback, paid once, thank-you data, two e-mails queued', async () => {
    const { paymentLink, order } = await shop.newOrder()
    const result = await shop.pay(paymentLink, SANDBOX_CARDS.approved)
    expect(result.status).toBe(303)
    const redirect = new URL(result.location!)
    expect(redirect.origin + redirect.pathname).toBe('http://shop.test/thank-you')
    expect(redirect.searchParams.get('more_info')).toBe(order._id)
    expect(redirect.searchParams.get('status_code')).toBe('000')
    expect(redirect.searchParams.get('brand_name')).toBe('visa')
    // PayPlus's own id for Visa (payplus.md §1.7), as the real page sends it.
    expect(redirect.searchParams.get('brand_id')).toBe('2')
    const transactionUid = redirect.searchParams.get('transaction_uid')!

    const row = await shop.orderRow(order._id)
    expect(row).toMatchObject({ status: 'paid', transactionUid })
    const status = await shop.ctx.app.inject({
      url: `/api/orders/${order._id}/status?token=${order.statusToken}`,
    })
    expect(status.json().data).toMatchObject({ _id: order._id, orderStatus: 'paid', paymentLink: null })
    expect(
      (await shop.ctx.app.inject({ url: `/api/orders/${order._id}/status?token=wrong` })).statusCode,
    ).toBe(404)

    const thanks = await shop.ctx.app.inject({ url: `/api/orders/${order._id}/${transactionUid}` })
    expect(thanks.statusCode).toBe(200)
    expect(thanks.json().data).toMatchObject({
      customer_email: 'noa@example.com',
      card_information: {
        card_holder_name: 'נועה כהן',
        identification_number: '******782',
        brand_name: 'visa',
        four_digits: '0000',
      },
      subtotal: 169.8,
      shippingFee: 15,
      totalPrice: 184.8,
      orderStatus: 'paid',
    })
    expect(thanks.json().data.orderItems).toHaveLength(2)
    expect(JSON.stringify(thanks.json())).not.toContain(VALID_ID)
    expect(
      (await shop.ctx.app.inject({ url: `/api/orders/${order._id}/00000000-0000-4000-8000-000000000000` }))
        .statusCode,
    ).toBe(404)

    const mails = await shop.ctx.database.db.select().from(mailOutbox)
    const mine = mails.filter((m) => m.dedupeKey.endsWith(order._id))
    expect(mine.map((m) => m.to).sort()).toEqual(['noa@example.com', shop.ctx.config.shopEmail].sort())
    // The e-mail promises the configured delivery time (3–5 business days), like the terms.
    const confirmation = mine.find((m) => m.to === 'noa@example.com')!
    const estimate = formatDeliveryWindow(deliveryWindow(row!.createdAt, { min: 3, max: 5 }))
    expect(confirmation.text).toContain(`מועד משלוח משוער: ${estimate}`)
    expect(await shop.pay(paymentLink, SANDBOX_CARDS.approved)).toMatchObject({ status: 409 })
  })
})

describe('callbacks', () => {
  it('rejects forged callbacks with 401 and ignores replays; a late failure cannot undo a payment', async () => {
    const { paymentLink, order } = await shop.newOrder()
    const declined = await shop.pay(paymentLink, SANDBOX_CARDS.declined)
    expect(declined.status).toBe(303)
    const failedRedirect = new URL(declined.location!)
    expect(failedRedirect.pathname).toBe('/checkout/payment-pending')
    expect(failedRedirect.searchParams.get('order')).toBe(order._id)
    // A decline ends the attempt, not the order: its page can still be paid (issue 32).
    expect((await shop.orderRow(order._id)).status).toBe('pending_payment')
    const declinedUid = failedRedirect.searchParams.get('transaction_uid')!

    // The shopper tries again on the same page and succeeds: the payment wins.
    const approved = await shop.pay(paymentLink, SANDBOX_CARDS.approved)
    expect((await shop.orderRow(order._id)).status).toBe('paid')
    const approvedUid = new URL(approved.location!).searchParams.get('transaction_uid')!

    const callback = (body: string, hash: string) =>
      shop.ctx.app.inject({
        method: 'POST',
        url: '/api/payments/payplus/callback',
        headers: { 'content-type': 'application/json', hash, 'user-agent': 'PayPlus' },
        payload: body,
      })
    const lateFailure = JSON.stringify({
      transaction_type: 'Charge',
      transaction: {
        uid: declinedUid,
        payment_page_request_uid: 'x',
        status_code: '004',
        more_info: order._id,
        amount: 184.8,
        currency: 'ILS',
      },
      data: {},
    })
    const secret = shop.ctx.config.payplus.secretKey
    expect((await callback(lateFailure, signPayPlusBody('not-the-secret', lateFailure))).statusCode).toBe(401)
    expect((await callback(lateFailure, '')).statusCode).toBe(401)
    const late = await callback(lateFailure, signPayPlusBody(secret, lateFailure))
    expect(late.statusCode).toBe(200)
    expect(await shop.orderRow(order._id)).toMatchObject({ status: 'paid', transactionUid: approvedUid })

    // The approved callback delivered again: stored once, nothing changes.
    const stored = await shop.ctx.database.db
      .select()
      .from(paymentCallbacks)
      .where(eq(paymentCallbacks.transactionUid, approvedUid))
    expect(stored).toHaveLength(1)
    const before = await shop.orderRow(order._id)
    for (let i = 0; i < 3; i += 1) {
      const replay = await callback(stored[0]!.body, signPayPlusBody(secret, stored[0]!.body))
      expect(replay.statusCode).toBe(200)
    }
    expect(await shop.orderRow(order._id)).toEqual(before)
    expect(
      await shop.ctx.database.db
        .select()
        .from(paymentCallbacks)
        .where(eq(paymentCallbacks.transactionUid, approvedUid)),
    ).toHaveLength(1)
    const mails = (await shop.ctx.database.db.select().from(mailOutbox)).filter((m) =>
      m.dedupeKey.endsWith(order._id),
    )
    expect(mails).toHaveLength(2)
  })
})

describe('the thank-you page', () => {
  it('shows the thank-you data before the callback arrives by asking the provider', async () => {
    const { paymentLink, order } = await shop.newOrder()
    shop.flags.dropCallbacks = true
    let transactionUid: string
    try {
      const result = await shop.pay(paymentLink, SANDBOX_CARDS.approved)
      transactionUid = new URL(result.location!).searchParams.get('transaction_uid')!
    } finally {
      shop.flags.dropCallbacks = false
    }
    expect((await shop.orderRow(order._id)).status).toBe('pending_payment')
    const thanks = await shop.ctx.app.inject({ url: `/api/orders/${order._id}/${transactionUid}` })
    expect(thanks.statusCode).toBe(200)
    expect(thanks.json().data).toMatchObject({
      orderStatus: 'paid',
      card_information: { four_digits: '0000', brand_name: 'visa' },
    })
    expect((await shop.orderRow(order._id)).status).toBe('paid')
    // Another order's id with this transaction is not a pair.
    const other = await shop.newOrder()
    expect(
      (await shop.ctx.app.inject({ url: `/api/orders/${other.order._id}/${transactionUid}` })).statusCode,
    ).toBe(404)
  })
})

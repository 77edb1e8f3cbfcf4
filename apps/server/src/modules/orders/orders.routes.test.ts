import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deliveryWindow, formatDeliveryWindow } from '@tavlin/contracts'
import { mailOutbox, orderItems, orders, paymentCallbacks } from '../../db/schema/index.js'
import { signPayPlusBody } from '../payments/payplus.adapter.js'
import { SANDBOX_CARDS } from '../payments/payplus-sandbox.service.js'
import { buildTestApp, type TestContext } from '../../test/build-test-app.js'
import { saleRequest, seedCatalogue } from '../../test/factories.js'

type Ctx = TestContext & { baseUrl: string }
const flags = { dropCallbacks: false, failProvider: false }
const VALID_ID = '123456782'

describe('orders and payments through the built-in PayPlus sandbox', () => {
  let ctx: Ctx
  let ids: { productId: string; packageId: string }
  let keyCounter = 0

  beforeAll(async () => {
    ctx = await buildTestApp(
      {},
      {},
      {
        listen: true,
        intercept: (url) => {
          if (flags.dropCallbacks && url.pathname === '/api/payments/payplus/callback') {
            return new Response('lost', { status: 503 })
          }
          if (flags.failProvider && url.pathname.endsWith('/PaymentPages/generateLink'))
            throw new TypeError('fetch failed')
          return undefined
        },
      },
    )
    ids = await seedCatalogue(ctx.database.db)
  })
  afterAll(() => ctx.close())

  async function sale(body: unknown, key: string | null = `key-${++keyCounter}-${Date.now()}`) {
    return ctx.app.inject({
      method: 'POST',
      url: '/api/orders/generate-sale',
      payload: body as object,
      headers: key ? { 'idempotency-key': key } : {},
    })
  }

  async function newOrder() {
    const response = await sale(saleRequest(ids))
    expect(response.statusCode).toBe(201)
    return response.json().data as {
      paymentLink: string
      order: { _id: string; number: string; totalPrice: number; statusToken: string }
    }
  }

  /** The shopper's browser on the hosted page: a real HTTP form post. */
  async function pay(paymentLink: string, card: string, extra: Record<string, string> = {}) {
    const url = new URL(new URL(paymentLink).pathname, ctx.baseUrl)
    const form = new URLSearchParams({
      card_number: card,
      card_holder_name: 'נועה כהן',
      identification_number: VALID_ID,
      expiry_month: '12',
      expiry_year: String(new Date().getFullYear() + 2),
      cvv: '123',
      ...extra,
    })
    const response = await fetch(url, { method: 'POST', body: form, redirect: 'manual' })
    return {
      status: response.status,
      location: response.headers.get('location'),
      html: await response.text(),
    }
  }

  async function orderRow(id: string) {
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, id))
    return row!
  }

  it('creates a pending order with item snapshots and a sandbox payment page', async () => {
    const { paymentLink, order } = await newOrder()
    expect(order.totalPrice).toBe(184.8)
    expect(order.number).toMatch(/^TV-\d+$/)
    expect(paymentLink).toMatch(/^http:\/\/shop\.test\/sandbox\/payplus\/pay\//)
    const row = await orderRow(order._id)
    expect(row).toMatchObject({
      status: 'pending_payment',
      subtotalAgorot: 16980,
      shippingAgorot: 1500,
      totalAgorot: 18480,
    })
    expect(row.vatAgorot).toBe(18480 - Math.round(18480 / 1.18))
    const items = await ctx.database.db.select().from(orderItems).where(eq(orderItems.orderId, order._id))
    expect(items.map((i) => [i.name.startsWith('ברברה'), i.size, i.unitPriceAgorot, i.quantity])).toEqual([
      [true, '100 גרם', 2490, 2],
      [false, 'package', 12000, 1],
    ])
    const page = await fetch(new URL(new URL(paymentLink).pathname, ctx.baseUrl))
    const html = await page.text()
    expect(html).toContain('dir="rtl"')
    expect(html).toContain('תבלין')
    expect(html).toContain(order.number)
    expect(html).toContain('<bdi dir="ltr">184.80 ₪</bdi>')
    expect(html).not.toMatch(/₪\s*\d/)
  })

  it('answers 409 PRICE_CHANGED with the current prices when the client total is off by more than 0.01', async () => {
    const ok = await sale(saleRequest(ids, { totalPrice: 184.81 }))
    expect(ok.statusCode).toBe(201)
    const body = saleRequest(ids, { totalPrice: 150 })
    body.orderItems[0]!.price = 10
    const response = await sale(body)
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({
      code: 'PRICE_CHANGED',
      details: {
        totalPrice: 184.8,
        shippingFee: 15,
        subtotal: 169.8,
        orderItems: [{ price: 24.9 }, { price: 120 }],
      },
    })
  })

  it('answers 400 naming the line for an unknown item, an unknown size and a quantity below 1', async () => {
    const unknownSize = saleRequest(ids)
    unknownSize.orderItems[0]!.size = '5 ק״ג'
    expect((await sale(unknownSize)).json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'orderItems.0.size', message: 'validation.sizeNotFound' }],
    })
    const unknownItem = saleRequest(ids)
    unknownItem.orderItems[1]!.itemId = '00000000-0000-4000-8000-000000000000'
    const response = await sale(unknownItem)
    expect(response.statusCode).toBe(400)
    expect(response.json().details).toEqual([
      { field: 'orderItems.1.itemId', message: 'validation.itemNotFound' },
    ])
    const zero = saleRequest(ids)
    zero.orderItems[0]!.quantity = 0
    const zeroResponse = await sale(zero)
    expect(zeroResponse.statusCode).toBe(400)
    expect(JSON.stringify(zeroResponse.json().details)).toContain('orderItems.0.quantity')
    const badCustomer = saleRequest(ids, { customer: { ...saleRequest(ids).customer, phone: '050' } })
    expect(JSON.stringify((await sale(badCustomer)).json().details)).toContain('validation.phoneMin')
    // Ten characters, nine digits: the rule counts digits, as its message says.
    const nineDigits = saleRequest(ids, { customer: { ...saleRequest(ids).customer, phone: '050-123456' } })
    const nineDigitsResponse = await sale(nineDigits)
    expect(nineDigitsResponse.statusCode).toBe(400)
    expect(nineDigitsResponse.json().details).toEqual([
      { field: expect.stringMatching(/customer\.phone$/), message: 'validation.phoneMin' },
    ])
  })

  it('returns the same order for a retry with the same Idempotency-Key, and refuses the key for another cart', async () => {
    const key = `retry-${Date.now()}`
    const [first, second] = await Promise.all([sale(saleRequest(ids), key), sale(saleRequest(ids), key)])
    expect(first.statusCode).toBe(201)
    expect(second.statusCode).toBe(201)
    expect(second.json().data).toEqual(first.json().data)
    const third = await sale(saleRequest(ids), key)
    expect(third.json().data.order._id).toBe(first.json().data.order._id)
    const rows = await ctx.database.db.select().from(orders).where(eq(orders.idempotencyKey, key))
    expect(rows).toHaveLength(1)
    const other = saleRequest(ids)
    other.orderItems[0]!.quantity = 3
    other.totalPrice = 209.7
    expect((await sale(other, key)).statusCode).toBe(409)
  })

  it('marks the order failed and answers 502 when the provider fails, and a retry gets the same answer', async () => {
    flags.failProvider = true
    try {
      const key = `fail-${Date.now()}`
      const response = await sale(saleRequest(ids), key)
      expect(response.statusCode).toBe(502)
      expect(response.json().code).toBe('PAYMENT_PROVIDER_ERROR')
      const [row] = await ctx.database.db.select().from(orders).where(eq(orders.idempotencyKey, key))
      expect(row).toMatchObject({ status: 'failed', paymentLink: null })
      expect((await sale(saleRequest(ids), key)).statusCode).toBe(502)
    } finally {
      flags.failProvider = false
    }
  })

  it('pays with the approved card: signed callback, paid once, thank-you data, two e-mails queued', async () => {
    const { paymentLink, order } = await newOrder()
    const result = await pay(paymentLink, SANDBOX_CARDS.approved)
    expect(result.status).toBe(303)
    const redirect = new URL(result.location!)
    expect(redirect.origin + redirect.pathname).toBe('http://shop.test/thank-you')
    expect(redirect.searchParams.get('more_info')).toBe(order._id)
    expect(redirect.searchParams.get('status_code')).toBe('000')
    expect(redirect.searchParams.get('brand_name')).toBe('visa')
    // PayPlus's own id for Visa (payplus.md §1.7), as the real page sends it.
    expect(redirect.searchParams.get('brand_id')).toBe('2')
    const transactionUid = redirect.searchParams.get('transaction_uid')!

    const row = await orderRow(order._id)
    expect(row).toMatchObject({ status: 'paid', transactionUid })
    const status = await ctx.app.inject({ url: `/api/orders/${order._id}/status?token=${order.statusToken}` })
    expect(status.json().data).toEqual({ _id: order._id, orderStatus: 'paid' })
    expect((await ctx.app.inject({ url: `/api/orders/${order._id}/status?token=wrong` })).statusCode).toBe(
      404,
    )

    const thanks = await ctx.app.inject({ url: `/api/orders/${order._id}/${transactionUid}` })
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
      (await ctx.app.inject({ url: `/api/orders/${order._id}/00000000-0000-4000-8000-000000000000` }))
        .statusCode,
    ).toBe(404)

    const mails = await ctx.database.db.select().from(mailOutbox)
    const mine = mails.filter((m) => m.dedupeKey.endsWith(order._id))
    expect(mine.map((m) => m.to).sort()).toEqual(['noa@example.com', ctx.config.shopEmail].sort())
    // The e-mail promises the configured delivery time (3–5 business days), like the terms.
    const confirmation = mine.find((m) => m.to === 'noa@example.com')!
    const estimate = formatDeliveryWindow(deliveryWindow(row!.createdAt, { min: 3, max: 5 }))
    expect(confirmation.text).toContain(`מועד משלוח משוער: ${estimate}`)
    expect(await pay(paymentLink, SANDBOX_CARDS.approved)).toMatchObject({ status: 409 })
  })

  it('rejects forged callbacks with 401 and ignores replays; a late failure cannot undo a payment', async () => {
    const { paymentLink, order } = await newOrder()
    const declined = await pay(paymentLink, SANDBOX_CARDS.declined)
    expect(declined.status).toBe(303)
    const failedRedirect = new URL(declined.location!)
    expect(failedRedirect.pathname).toBe('/checkout/payment-pending')
    expect(failedRedirect.searchParams.get('order')).toBe(order._id)
    expect((await orderRow(order._id)).status).toBe('failed')
    const declinedUid = failedRedirect.searchParams.get('transaction_uid')!

    // The shopper tries again on the same page and succeeds: the payment wins.
    const approved = await pay(paymentLink, SANDBOX_CARDS.approved)
    expect((await orderRow(order._id)).status).toBe('paid')
    const approvedUid = new URL(approved.location!).searchParams.get('transaction_uid')!

    const callback = (body: string, hash: string) =>
      ctx.app.inject({
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
    const secret = ctx.config.payplus.secretKey
    expect((await callback(lateFailure, signPayPlusBody('not-the-secret', lateFailure))).statusCode).toBe(401)
    expect((await callback(lateFailure, '')).statusCode).toBe(401)
    const late = await callback(lateFailure, signPayPlusBody(secret, lateFailure))
    expect(late.statusCode).toBe(200)
    expect(await orderRow(order._id)).toMatchObject({ status: 'paid', transactionUid: approvedUid })

    // The approved callback delivered again: stored once, nothing changes.
    const stored = await ctx.database.db
      .select()
      .from(paymentCallbacks)
      .where(eq(paymentCallbacks.transactionUid, approvedUid))
    expect(stored).toHaveLength(1)
    const before = await orderRow(order._id)
    for (let i = 0; i < 3; i += 1) {
      const replay = await callback(stored[0]!.body, signPayPlusBody(secret, stored[0]!.body))
      expect(replay.statusCode).toBe(200)
    }
    expect(await orderRow(order._id)).toEqual(before)
    expect(
      await ctx.database.db
        .select()
        .from(paymentCallbacks)
        .where(eq(paymentCallbacks.transactionUid, approvedUid)),
    ).toHaveLength(1)
    const mails = (await ctx.database.db.select().from(mailOutbox)).filter((m) =>
      m.dedupeKey.endsWith(order._id),
    )
    expect(mails).toHaveLength(2)
  })

  it('shows the thank-you data before the callback arrives by asking the provider', async () => {
    const { paymentLink, order } = await newOrder()
    flags.dropCallbacks = true
    let transactionUid: string
    try {
      const result = await pay(paymentLink, SANDBOX_CARDS.approved)
      transactionUid = new URL(result.location!).searchParams.get('transaction_uid')!
    } finally {
      flags.dropCallbacks = false
    }
    expect((await orderRow(order._id)).status).toBe('pending_payment')
    const thanks = await ctx.app.inject({ url: `/api/orders/${order._id}/${transactionUid}` })
    expect(thanks.statusCode).toBe(200)
    expect(thanks.json().data).toMatchObject({
      orderStatus: 'paid',
      card_information: { four_digits: '0000', brand_name: 'visa' },
    })
    expect((await orderRow(order._id)).status).toBe('paid')
    // Another order's id with this transaction is not a pair.
    const other = await newOrder()
    expect(
      (await ctx.app.inject({ url: `/api/orders/${other.order._id}/${transactionUid}` })).statusCode,
    ).toBe(404)
  })

  it('reconciliation pays an order whose callback was lost and cancels unpaid orders after the timeout', async () => {
    const lost = await newOrder()
    const unpaid = await newOrder()
    flags.dropCallbacks = true
    try {
      await pay(lost.paymentLink, SANDBOX_CARDS.approved)
    } finally {
      flags.dropCallbacks = false
    }
    expect((await orderRow(lost.order._id)).status).toBe('pending_payment')

    // Within the grace period nothing is looked at; later the provider is asked.
    expect(await ctx.app.jobs.reconcilePayments(new Date())).toMatchObject({ ran: true })
    expect((await orderRow(lost.order._id)).status).toBe('pending_payment')
    const later = new Date(Date.now() + 2 * 60_000)
    const run = await ctx.app.jobs.reconcilePayments(later)
    expect(run).toMatchObject({ ran: true, outcome: { paid: 1 } })
    expect((await orderRow(lost.order._id)).status).toBe('paid')
    expect((await orderRow(unpaid.order._id)).status).toBe('pending_payment')

    const expired = new Date(Date.now() + 61 * 60_000)
    await ctx.database.db.update(orders).set({ providerCheckedAt: null })
    const expiry = await ctx.app.jobs.reconcilePayments(expired)
    expect(expiry.ran && expiry.outcome.cancelled).toBeGreaterThanOrEqual(1)
    expect((await orderRow(unpaid.order._id)).status).toBe('cancelled')
    expect((await orderRow(lost.order._id)).status).toBe('paid')
  })

  it('runs reconciliation once when two processes start it at the same moment', async () => {
    const results = await Promise.all([ctx.app.jobs.reconcilePayments(), ctx.app.jobs.reconcilePayments()])
    expect(results.filter((r) => r.ran)).toHaveLength(1)
  })
})

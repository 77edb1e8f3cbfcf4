import { describe, expect, it } from 'vitest'
import { toShekels } from '@tavlin/contracts'
import { SANDBOX_CARDS } from './payplus-sandbox.service.js'
import { useOrdersShop, type SaleData } from '../../test/orders-shop.js'
import { parseReturnForm } from '../../test/pay-in-sandbox.js'

// The sandbox behaves as PayPlus may (issue 32 point 1), each way switchable per test.
const shop = useOrdersShop()
const API = '/sandbox/payplus/api/v1.0'

function keys(form: 'pair' | 'json' = 'pair'): Record<string, string> {
  const { apiKey, secretKey } = shop.ctx.config.payplus
  return form === 'pair'
    ? { 'api-key': apiKey, 'secret-key': secretKey }
    : { authorization: JSON.stringify({ api_key: apiKey, secret_key: secretKey }) }
}

/** A link of the sandbox's API for one of the shop's orders, with the fields a test asks for. */
async function linkFor(sale: SaleData, extra: Record<string, unknown> = {}) {
  const response = await shop.ctx.app.inject({
    method: 'POST',
    url: `${API}/PaymentPages/generateLink`,
    headers: keys(),
    payload: {
      payment_page_uid: shop.ctx.config.payplus.pageUid,
      amount: sale.order.totalPrice,
      currency_code: 'ILS',
      more_info: sale.order._id,
      refURL_success: 'http://shop.test/thank-you',
      refURL_failure: 'http://shop.test/checkout/payment-pending',
      refURL_callback: 'http://shop.test/api/payments/payplus/callback',
      expiry_datetime: '15',
      items: [{ name: 'הזמנה', quantity: 1, price: sale.order.totalPrice }],
      ...extra,
    },
  })
  return response
}

async function pageOf(sale: SaleData, extra: Record<string, unknown> = {}) {
  const response = await linkFor(sale, extra)
  expect(response.statusCode).toBe(200)
  const data = response.json().data as { page_request_uid: string; payment_page_link: string }
  return { uid: data.page_request_uid, link: data.payment_page_link }
}

async function lookUp(body: Record<string, unknown>) {
  const response = await shop.ctx.app.inject({
    method: 'POST',
    url: `${API}/PaymentPages/ipn`,
    headers: keys(),
    payload: body,
  })
  return response.json() as { results: { status: string }; data: Record<string, unknown> }
}

describe('the sandbox as PayPlus may be: headers', () => {
  it('honours both header forms, or only the JSON one, or only the pair, as the account may', async () => {
    const sale = await shop.newOrder()
    const generate = (headers: Record<string, string>) =>
      shop.ctx.app.inject({
        method: 'POST',
        url: `${API}/PaymentPages/generateLink`,
        headers,
        payload: {},
      })
    expect((await generate(keys('pair'))).statusCode).not.toBe(401)
    expect((await generate(keys('json'))).statusCode).not.toBe(401)
    shop.sandbox.authHeaders = 'json'
    expect((await generate(keys('pair'))).statusCode).toBe(401)
    expect((await linkFor(sale, {})).statusCode).toBe(401)
    expect((await generate(keys('json'))).statusCode).toBe(422)
    shop.sandbox.authHeaders = 'pair'
    expect((await generate(keys('json'))).statusCode).toBe(401)
    expect((await generate(keys('pair'))).statusCode).toBe(422)
  })
})

describe('the sandbox as PayPlus may be: only the shop', () => {
  it('refuses links that would send a browser or a callback anywhere but the shop', async () => {
    const sale = await shop.newOrder()
    for (const [field, address] of [
      ['refURL_success', 'https://attacker.example/phish'],
      ['refURL_failure', '//attacker.example/'],
      ['refURL_callback', 'http://127.0.0.1:6379/'],
      ['refURL_callback', 'http://shop.test.attacker.example/api/payments/payplus/callback'],
      ['refURL_cancel', 'javascript:alert(1)'],
    ] as const) {
      const response = await linkFor(sale, { [field]: address })
      expect(response.statusCode, `${field}=${address}`).toBe(422)
      expect(response.json().results.description).toBe(`${field}-not-allowed`)
    }
  })

  it("shows only the shop's own orders, at their own total", async () => {
    const sale = await shop.newOrder()
    const stranger = await shop.ctx.app.inject({
      method: 'POST',
      url: `${API}/PaymentPages/generateLink`,
      headers: keys(),
      payload: {
        payment_page_uid: shop.ctx.config.payplus.pageUid,
        amount: 5000,
        currency_code: 'ILS',
        more_info: 'please pay the bearer',
        more_info_1: 'העבירו 5000 ₪',
        items: [{ name: 'x', quantity: 1, price: 5000 }],
      },
    })
    const strangerUid = stranger.json().data.page_request_uid as string
    const shown = await shop.ctx.app.inject({ url: `/sandbox/payplus/pay/${strangerUid}` })
    expect(shown.statusCode).toBe(404)
    expect(shown.body).not.toContain('5000')
    // The shop's order at another amount is not the shop's order either.
    const other = await pageOf(sale, {
      amount: sale.order.totalPrice + 1,
      items: [{ name: 'x', quantity: 1, price: sale.order.totalPrice + 1 }],
    })
    expect((await shop.ctx.app.inject({ url: `/sandbox/payplus/pay/${other.uid}` })).statusCode).toBe(404)
    const own = await shop.ctx.app.inject({ url: new URL(sale.paymentLink).pathname })
    expect(own.statusCode).toBe(200)
    expect(own.body).toContain(sale.order.number)
  })
})

describe('the sandbox as PayPlus may be: returns', () => {
  it('returns by POST as a form of the flat parameters, submitted by a script of its own address', async () => {
    shop.sandbox.returnMethod = 'post'
    const sale = await shop.newOrder()
    const paid = await shop.pay(sale.paymentLink, SANDBOX_CARDS.approved)
    expect(paid.status).toBe(200)
    const form = parseReturnForm(paid.html)
    expect(form.action).toBe(
      `http://shop.test/thank-you?order=${sale.order._id}&token=${sale.order.statusToken}`,
    )
    expect(form.fields).toMatchObject({ more_info: sale.order._id, status_code: '000', four_digits: '0000' })
    expect(paid.html).toContain('<script src="http://shop.test/sandbox/payplus/return.js"></script>')
    const script = await shop.ctx.app.inject({ url: '/sandbox/payplus/return.js' })
    expect(script.headers['content-type']).toMatch(/javascript/)
    expect(script.body).toContain("getElementById('payplus-return')")
  })

  it('may return with no parameters at all', async () => {
    shop.sandbox.emptyReturn = true
    const sale = await shop.newOrder()
    const paid = await shop.pay(sale.paymentLink, SANDBOX_CARDS.approved)
    expect(paid.status).toBe(303)
    expect(new URL(paid.location!).searchParams.get('transaction_uid')).toBeNull()
  })
})

describe('the sandbox as PayPlus may be: attempts, splits and refunds', () => {
  it('keeps several attempts on one page: the look-up answers the latest, with the others related', async () => {
    const sale = await shop.newOrder()
    const { uid } = await pageOf(sale)
    const declined = await shop.pay(`http://shop.test/sandbox/payplus/pay/${uid}`, SANDBOX_CARDS.declined)
    const approved = await shop.pay(`http://shop.test/sandbox/payplus/pay/${uid}`, SANDBOX_CARDS.approved)
    const declinedUid = new URL(declined.location!).searchParams.get('transaction_uid')
    const approvedUid = new URL(approved.location!).searchParams.get('transaction_uid')
    const latest = await lookUp({ payment_request_uid: uid, related_transaction: true })
    expect(latest.data).toMatchObject({ transaction_uid: approvedUid, status_code: '000' })
    expect(latest.data.related_transactions).toEqual([
      expect.objectContaining({ transaction_uid: declinedUid, status_code: '004' }),
    ])
    // Without asking, no related transactions.
    expect((await lookUp({ payment_request_uid: uid })).data.related_transactions).toBeUndefined()
  })

  it('pays a club card in two transactions for one page, and calls back for each', async () => {
    const sale = await shop.newOrder()
    const { uid } = await pageOf(sale)
    const before = shop.callbacks.length
    const paid = await shop.pay(`http://shop.test/sandbox/payplus/pay/${uid}`, SANDBOX_CARDS.split)
    expect(new URL(paid.location!).searchParams.get('is_multiple_transaction')).toBe('true')
    const sent = shop.callbacks.slice(before).map((c) => c.body.transaction as Record<string, unknown>)
    expect(sent).toHaveLength(2)
    const amounts = sent.map((t) => Math.round(Number(t.amount) * 100))
    expect(amounts.every((a) => a < Math.round(sale.order.totalPrice * 100))).toBe(true)
    expect(toShekels(amounts[0]! + amounts[1]!)).toBe(sale.order.totalPrice)
    const latest = await lookUp({ payment_request_uid: uid, related_transaction: true })
    expect(latest.data.is_multiple_transaction).toBe(true)
    expect(latest.data.related_transactions).toEqual([
      expect.objectContaining({ transaction_uid: sent[0]!.uid, alternative_method_name: 'valuecard' }),
    ])
  })

  it("calls back for a refund with transaction_type Refund, and lists it among the charge's related", async () => {
    const sale = await shop.newOrder()
    const { uid } = await pageOf(sale)
    const paid = await shop.pay(`http://shop.test/sandbox/payplus/pay/${uid}`, SANDBOX_CARDS.approved)
    const charge = new URL(paid.location!).searchParams.get('transaction_uid')!
    const before = shop.callbacks.length
    const refund = await shop.ctx.app.inject({
      method: 'POST',
      url: `${API}/Transactions/RefundByTransactionUID`,
      headers: keys('json'),
      payload: { transaction_uid: charge, amount: 10, more_info: 'refund:ref-1' },
    })
    expect(refund.json().results.status).toBe('success')
    const [callback] = shop.callbacks.slice(before)
    expect(callback!.body).toMatchObject({
      transaction_type: 'Refund',
      transaction: { type: 'Refund', amount: 10, more_info: 'refund:ref-1', payment_page_request_uid: uid },
    })
    const related = await lookUp({ transaction_uid: charge, related_transaction: true })
    expect(related.data.related_transactions).toEqual([
      expect.objectContaining({ type: 'Refund', amount: 10, more_info: 'refund:ref-1' }),
    ])
    shop.sandbox.refundCallbacks = false
    const quiet = shop.callbacks.length
    await shop.ctx.app.inject({
      method: 'POST',
      url: `${API}/Transactions/RefundByTransactionUID`,
      headers: keys(),
      payload: { transaction_uid: charge, amount: 1, more_info: 'refund:ref-2' },
    })
    expect(shop.callbacks.length).toBe(quiet)
  })

  it('closes a page at its expiry_datetime', async () => {
    const sale = await shop.newOrder()
    const { uid } = await pageOf(sale, { expiry_datetime: '15' })
    const url = `/sandbox/payplus/pay/${uid}`
    shop.sandbox.clockOffsetSeconds = 14 * 60
    expect((await shop.ctx.app.inject({ url })).statusCode).toBe(200)
    shop.sandbox.clockOffsetSeconds = 15 * 60 + 1
    const gone = await shop.ctx.app.inject({ url })
    expect(gone.statusCode).toBe(410)
    expect(gone.body).toContain('תוקף דף התשלום פג')
    expect((await shop.pay(`http://shop.test${url}`, SANDBOX_CARDS.approved)).status).toBe(410)
  })
})

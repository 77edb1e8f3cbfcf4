import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { parseReviewReason } from '@tavlin/contracts'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { orders } from '../../db/schema/index.js'
import { buildTestApp, type TestContext } from '../../test/build-test-app.js'
import { saleRequest, seedCatalogue } from '../../test/factories.js'

/**
 * A stand-in for PayPlus that can answer the way each open question of
 * shared/payplus.md might turn out, so the one adapter is shown to cope.
 */
type Variant = {
  callbackHash: 'raw' | 'reserialised'
  uidField: 'payment_page_request_uid' | 'payment_request_uid'
  moreInfoInCallback: boolean
  ipnAmountDelta: number
  generateLinkFails: boolean
}
const NO_SURPRISES = { moreInfoInCallback: true, ipnAmountDelta: 0, generateLinkFails: false }
const KEYS = { apiKey: 'live-key', secretKey: 'live-secret', pageUid: 'live-page' }

type FakeState = {
  variant: Variant
  requests: Array<{ path: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown> }>
  pages: Map<string, Record<string, unknown>>
  transactions: Map<string, { page: string; amount: number; more_info: string; status_code: string }>
}
type FakeAnswer = { status: number; payload: unknown }

function startFakePayPlus() {
  const state: FakeState = {
    variant: { callbackHash: 'raw', uidField: 'payment_page_request_uid', ...NO_SURPRISES },
    requests: [],
    pages: new Map(),
    transactions: new Map(),
  }
  const server = http.createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk) => (raw += chunk))
    req.on('end', () => {
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {}
      state.requests.push({ path: req.url ?? '', headers: req.headers, body })
      const { status, payload } = answerFake(state, req, body)
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(payload))
    })
  })
  return {
    variant: state.variant,
    requests: state.requests,
    pages: state.pages,
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    /** The shopper pays; PayPlus records it and (maybe) calls back. */
    pay: (pageUid: string, appBaseUrl: string, deliverCallback: boolean) =>
      payOnFake(state, pageUid, appBaseUrl, deliverCallback),
  }
}

function answerFake(state: FakeState, req: http.IncomingMessage, body: Record<string, unknown>): FakeAnswer {
  const { variant, pages, transactions } = state
  if (req.headers['api-key'] !== KEYS.apiKey || req.headers['secret-key'] !== KEYS.secretKey)
    return { status: 401, payload: {} }
  if (req.url === '/api/v1.0/PaymentPages/generateLink') {
    if (variant.generateLinkFails) return fakeError(422, 'can-not-find-payment-page')
    const uid = crypto.randomUUID()
    pages.set(uid, body)
    return {
      status: 200,
      payload: {
        results: { status: 'success', code: 0, description: 'ok' },
        data: { page_request_uid: uid, payment_page_link: `https://paymentsdev.payplus.co.il/${uid}` },
      },
    }
  }
  if (req.url === '/api/v1.0/PaymentPages/ipn') {
    const found = body.transaction_uid
      ? transactions.get(String(body.transaction_uid))
      : [...transactions.values()].find((t) => t.page === body.payment_request_uid)
    const uid = [...transactions.entries()].find(([, t]) => t === found)?.[0]
    if (!found) return fakeError(200, 'not-found')
    return {
      status: 200,
      payload: {
        results: { status: 'success', code: 0, description: 'ok' },
        data: {
          status: found.status_code === '000' ? 'approved' : 'rejected',
          status_code: found.status_code,
          transaction_uid: uid,
          amount: found.amount + variant.ipnAmountDelta,
          currency: 'ILS',
          more_info: found.more_info,
          four_digits: '9844',
          brand_name: 'mastercard',
          customer_name: 'Dana Levi',
          identification_number: '123456782',
        },
      },
    }
  }
  return { status: 404, payload: {} }
}

function fakeError(status: number, description: string): FakeAnswer {
  return { status, payload: { results: { status: 'error', code: 1, description } } }
}

async function payOnFake(state: FakeState, pageUid: string, appBaseUrl: string, deliverCallback: boolean) {
  const { variant } = state
  const page = state.pages.get(pageUid)!
  const uid = crypto.randomUUID()
  state.transactions.set(uid, {
    page: pageUid,
    amount: Number(page.amount),
    more_info: String(page.more_info),
    status_code: '000',
  })
  if (!deliverCallback) return { uid, response: null }
  const transaction: Record<string, unknown> = {
    uid,
    status_code: '000',
    amount: page.amount,
    currency: 'ILS',
    [variant.uidField]: pageUid,
  }
  if (variant.moreInfoInCallback) transaction.more_info = page.more_info
  const payload = {
    transaction_type: 'Charge',
    transaction,
    data: {
      card_information: {
        four_digits: '9844',
        brand_name: 'mastercard',
        card_holder_name: 'Dana Levi',
        identification_number: '123456782',
      },
    },
  }
  // The docs' variant: pretty JSON on the wire, hash over the compact re-serialisation.
  const body =
    variant.callbackHash === 'raw'
      ? JSON.stringify(payload)
      : JSON.stringify(payload, null, 2).replace('"Dana Levi"', '"Dana\\u0020Levi"')
  const hashed = variant.callbackHash === 'raw' ? body : JSON.stringify(JSON.parse(body))
  const hash = crypto.createHmac('sha256', KEYS.secretKey).update(hashed).digest('base64')
  const response = await fetch(`${appBaseUrl}/api/payments/payplus/callback`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', hash, 'user-agent': 'PayPlus' },
    body,
  })
  return { uid, response }
}

const fake = startFakePayPlus()
let ctx: TestContext & { baseUrl: string }
let ids: { productId: string; packageId: string }

beforeAll(async () => {
  const fakeUrl = await fake.listen()
  ctx = await buildTestApp(
    {},
    {
      PAYPLUS_API_URL: `${fakeUrl}/api/v1.0/`,
      PAYPLUS_API_KEY: KEYS.apiKey,
      PAYPLUS_SECRET_KEY: KEYS.secretKey,
      PAYPLUS_PAGE_UID: KEYS.pageUid,
    },
    { listen: true },
  )
  ids = await seedCatalogue(ctx.database.db)
})
afterAll(async () => {
  await ctx.close()
  await fake.close()
})
beforeEach(() => {
  Object.assign(fake.variant, { callbackHash: 'raw', uidField: 'payment_page_request_uid', ...NO_SURPRISES })
})

async function order() {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/orders/generate-sale',
    payload: saleRequest(ids),
  })
  expect(response.statusCode).toBe(201)
  const data = response.json().data
  const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, data.order._id))
  return { ...data, row: row! }
}
const reload = async (id: string) =>
  (await ctx.database.db.select().from(orders).where(eq(orders.id, id)))[0]!

describe('PayPlus adapter against a fake PayPlus: links and callbacks', () => {
  it('sends generateLink exactly as the fact sheet describes', async () => {
    const { order: created, paymentLink, row } = await order()
    expect(paymentLink).toBe(`https://paymentsdev.payplus.co.il/${row.pageRequestUid}`)
    const sent = fake.requests.filter((r) => r.path.endsWith('generateLink')).at(-1)!
    expect(sent.headers['content-type']).toBe('application/json')
    expect(sent.body).toMatchObject({
      payment_page_uid: KEYS.pageUid,
      amount: 184.8,
      currency_code: 'ILS',
      charge_method: 1,
      language_code: 'he',
      more_info: created._id,
      more_info_1: created.number,
      refURL_success: `http://shop.test/thank-you?order=${created._id}&token=${created.statusToken}`,
      refURL_failure: `http://shop.test/checkout/payment-pending?order=${created._id}&token=${created.statusToken}&failed=1`,
      refURL_callback: 'http://shop.test/api/payments/payplus/callback',
      // The page closes with the order's payment window.
      expiry_datetime: String(ctx.config.orderPaymentTimeoutMinutes),
      // The owner's choice, none made: cards only, no installments, nothing else the dashboard has on.
      allowed_charge_methods: ['credit-card'],
      hide_payments_field: true,
      customer: { customer_name: 'נועה כהן', email: 'noa@example.com', phone: '0501234567' },
    })
    expect(sent.body.customer).toMatchObject({ city: 'תל אביב-יפו' })
    const items = sent.body.items as Array<{
      price: number
      quantity: number
      name: string
      vat_type: number
    }>
    expect(items.at(-1)).toMatchObject({ name: 'משלוח עד הבית', price: 15, quantity: 1, vat_type: 0 })
    expect(items.reduce((sum, item) => sum + Math.round(item.price * 100) * item.quantity, 0)).toBe(18480)
  })

  it('accepts a callback whose hash covers the re-serialised JSON rather than the raw bytes', async () => {
    fake.variant.callbackHash = 'reserialised'
    const { order: created, row } = await order()
    const { response } = await fake.pay(row.pageRequestUid!, ctx.baseUrl, true)
    expect(response!.status).toBe(200)
    expect(await reload(created._id)).toMatchObject({
      status: 'paid',
      payment: { brandName: 'mastercard', maskedIdNumber: '******782' },
    })
  })

  it('finds the order by payment_request_uid when the callback carries that name and no more_info', async () => {
    fake.variant.uidField = 'payment_request_uid'
    fake.variant.moreInfoInCallback = false
    const { order: created, row } = await order()
    const { response } = await fake.pay(row.pageRequestUid!, ctx.baseUrl, true)
    expect(response!.status).toBe(200)
    expect((await reload(created._id)).status).toBe('paid')
  })
})

describe('PayPlus adapter against a fake PayPlus: look-ups, review and refusals', () => {
  it('copes with an empty redirect and no callback: the pending page status asks PayPlus by the stored page', async () => {
    const { order: created, row } = await order()
    await fake.pay(row.pageRequestUid!, ctx.baseUrl, false)
    const status = await ctx.app.inject({
      url: `/api/orders/${created._id}/status?token=${created.statusToken}`,
    })
    expect(status.json().data.orderStatus).toBe('paid')
    const ipn = fake.requests.filter((r) => r.path.endsWith('ipn')).at(-1)!
    expect(ipn.body).toEqual({ payment_request_uid: row.pageRequestUid, related_transaction: true })
  })

  it('flags an order for review instead of paying it when the amount differs', async () => {
    fake.variant.ipnAmountDelta = -100
    const { order: created, row } = await order()
    const { response } = await fake.pay(row.pageRequestUid!, ctx.baseUrl, true)
    expect(response!.status).toBe(200)
    const flagged = await reload(created._id)
    expect(flagged).toMatchObject({
      status: 'pending_payment',
      needsReview: true,
      transactionUid: null,
    })
    // A reason the admin area can say in Hebrew (DESIGN §5), not an English sentence.
    expect(parseReviewReason(flagged.reviewReason)).toEqual({
      code: 'amountMismatch',
      paid: '84.8 ILS',
      expected: '184.8 ILS',
    })
  })

  it('answers 502 and marks the order failed when PayPlus refuses to create the page', async () => {
    fake.variant.generateLinkFails = true
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/generate-sale',
      payload: saleRequest(ids),
    })
    expect(response.statusCode).toBe(502)
    expect(response.json().code).toBe('PAYMENT_PROVIDER_ERROR')
    const failed = await ctx.database.db.select().from(orders).where(eq(orders.status, 'failed'))
    expect(failed).toHaveLength(1)
    expect(failed[0]).toMatchObject({ paymentLink: null, pageRequestUid: null })
  })
})

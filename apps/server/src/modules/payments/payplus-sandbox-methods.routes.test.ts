import { describe, expect, it } from 'vitest'
import { SANDBOX_CARDS } from './payplus-sandbox.service.js'
import { useOrdersShop, type SaleData } from '../../test/orders-shop.js'

// The sandbox's payment methods as PayPlus's page offers them (issue 32 points 1 and 6).
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

describe('the sandbox as PayPlus may be: payment methods', () => {
  it('offers what the dashboard has when the link names nothing, installments included', async () => {
    const sale = await shop.newOrder()
    const { uid } = await pageOf(sale)
    const html = (await shop.ctx.app.inject({ url: `/sandbox/payplus/pay/${uid}` })).body
    expect(html).toContain('תשלום ב־Bit')
    expect(html).toContain('תשלום ב־Apple Pay')
    expect(html).toContain('תשלום ב־Google Pay')
    expect(html).toContain('מספר תשלומים')
  })

  it('offers only the methods and installments the link asks for', async () => {
    const sale = await shop.newOrder()
    const cardOnly = await pageOf(sale, {
      charge_default: 'credit-card',
      allowed_charge_methods: ['credit-card'],
      hide_other_charge_methods: true,
      payments: 1,
      hide_payments_field: true,
    })
    const html = (await shop.ctx.app.inject({ url: `/sandbox/payplus/pay/${cardOnly.uid}` })).body
    expect(html).not.toContain('Bit')
    expect(html).not.toContain('Apple Pay')
    expect(html).not.toContain('מספר תשלומים')
    const bit = await shop.ctx.app.inject({ method: 'POST', url: `/sandbox/payplus/pay/${cardOnly.uid}/bit` })
    expect(bit.statusCode).toBe(400)
    // Three installments at most: a fourth is refused on the page.
    const three = await pageOf(sale, { allowed_charge_methods: ['credit-card', 'bit'], payments: 3 })
    const page = (await shop.ctx.app.inject({ url: `/sandbox/payplus/pay/${three.uid}` })).body
    expect(page).toContain('<option value="3">3</option>')
    expect(page).not.toContain('<option value="4">')
    const four = await shop.pay(`http://shop.test/sandbox/payplus/pay/${three.uid}`, SANDBOX_CARDS.approved, {
      payments: '4',
    })
    expect(four.status).toBe(400)
    expect(four.html).toContain('מספר התשלומים אינו אפשרי')
  })

  it('pays by Bit once the payer approves in the app, after a pause', async () => {
    const sale = await shop.newOrder()
    const { uid } = await pageOf(sale, {
      allowed_charge_methods: ['credit-card', 'bit'],
      charge_default: 'bit',
    })
    shop.sandbox.bitApprovalSeconds = 30
    const started = await shop.ctx.app.inject({ method: 'POST', url: `/sandbox/payplus/pay/${uid}/bit` })
    expect(started.statusCode).toBe(200)
    expect(started.body).toContain('אשרו את התשלום באפליקציית Bit')
    const refresh = /content="2;url=([^"]+)"/.exec(started.body)![1]!.replaceAll('&amp;', '&')
    const path = new URL(refresh).pathname
    // Waiting: nothing to look up yet.
    expect((await shop.ctx.app.inject({ url: path })).body).toContain('ממתינים לאישור')
    expect((await lookUp({ payment_request_uid: uid })).results.status).toBe('error')
    shop.sandbox.clockOffsetSeconds = 31
    const done = await shop.ctx.app.inject({ url: path })
    expect(done.statusCode).toBe(303)
    const back = new URL(done.headers.location as string)
    expect(back.pathname).toBe('/thank-you')
    expect(back.searchParams.get('method')).toBe('bit')
    expect((await lookUp({ payment_request_uid: uid })).data).toMatchObject({
      method: 'bit',
      status_code: '000',
    })
    expect((await shop.ctx.app.inject({ url: path })).statusCode).toBe(409)
  })

  it('pays with a wallet button when the link asks for it', async () => {
    const sale = await shop.newOrder()
    const { uid } = await pageOf(sale, { allowed_charge_methods: ['credit-card', 'apple-pay'] })
    const paid = await shop.ctx.app.inject({
      method: 'POST',
      url: `/sandbox/payplus/pay/${uid}/wallet`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'method=apple-pay',
    })
    expect(paid.statusCode).toBe(303)
    expect(new URL(paid.headers.location as string).searchParams.get('alternative_method_name')).toBe(
      'apple-pay',
    )
    const other = await pageOf(sale, { allowed_charge_methods: ['credit-card', 'apple-pay'] })
    const refused = await shop.ctx.app.inject({
      method: 'POST',
      url: `/sandbox/payplus/pay/${other.uid}/wallet`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'method=google-pay',
    })
    expect(refused.statusCode).toBe(400)
  })

  it('reads its knobs from PAYPLUS_SANDBOX_BEHAVIOUR, and refuses a wrong one', async () => {
    const { parseSandboxBehaviour } = await import('../../config/sandbox-behaviour.js')
    expect(
      parseSandboxBehaviour('returnMethod=post,dashboardMethods=credit-card|bit,emptyReturn=true'),
    ).toMatchObject({
      returnMethod: 'post',
      dashboardMethods: ['credit-card', 'bit'],
      emptyReturn: true,
      authHeaders: 'both',
    })
    expect(() => parseSandboxBehaviour('returnMethod=put')).toThrow(/returnMethod/)
    expect(() => parseSandboxBehaviour('colour=blue')).toThrow(/colour/)
  })
})

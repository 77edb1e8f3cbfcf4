import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestContext } from '../../test/build-test-app.js'
import { brandOf, isExpiryInFuture, isIsraeliIdValid, isLuhnValid } from './card-checks.js'

const API = '/sandbox/payplus/api/v1.0/PaymentPages'

let ctx: TestContext
beforeAll(async () => {
  ctx = await buildTestApp()
})
afterAll(() => ctx.close())

const keys = () => ({ 'api-key': ctx.config.payplus.apiKey, 'secret-key': ctx.config.payplus.secretKey })
const link = (payload: object, headers: Record<string, string> = keys()) =>
  ctx.app.inject({ method: 'POST', url: `${API}/generateLink`, headers, payload })
const valid = () => ({
  payment_page_uid: ctx.config.payplus.pageUid,
  amount: 39.9,
  currency_code: 'ILS',
  more_info: 'order-1',
  items: [
    { name: 'ברברה', quantity: 1, price: 24.9 },
    { name: 'משלוח', quantity: 1, price: 15 },
  ],
})

describe('the built-in PayPlus sandbox: its API', () => {
  it('checks the auth headers, in both forms PayPlus accepts', async () => {
    expect((await link(valid(), {})).statusCode).toBe(401)
    expect(
      (await link(valid(), { 'api-key': ctx.config.payplus.apiKey, 'secret-key': 'wrong' })).statusCode,
    ).toBe(401)
    const json = {
      authorization: JSON.stringify({
        api_key: ctx.config.payplus.apiKey,
        secret_key: ctx.config.payplus.secretKey,
      }),
    }
    const response = await link(valid(), json)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      results: { status: 'success', code: 0 },
      data: { page_request_uid: expect.any(String) },
    })
  })

  it('refuses missing fields, a wrong page uid and an amount that is not the sum of the items', async () => {
    const { amount: _amount, ...noAmount } = valid()
    expect((await link(noAmount)).json()).toMatchObject({
      results: { status: 'error', description: 'missing-amount' },
    })
    expect((await link({ ...valid(), payment_page_uid: 'other' })).json().results.description).toBe(
      'can-not-find-payment-page',
    )
    const mismatch = await link({ ...valid(), amount: 40 })
    expect(mismatch.statusCode).toBe(422)
    expect(mismatch.json().results.description).toBe('amount-does-not-match-items')
  })
})

describe('the built-in PayPlus sandbox: the card form', () => {
  it("names a card's brand by its leading digits, with PayPlus's brand id", () => {
    expect(brandOf('4580000000000000')).toEqual({ name: 'visa', id: 2 })
    expect(brandOf('5326140280779844')).toEqual({ name: 'mastercard', id: 1 })
    expect(brandOf('2221000000000009')).toEqual({ name: 'mastercard', id: 1 })
    expect(brandOf('378282246310005')).toEqual({ name: 'amex', id: 4 })
    expect(brandOf('36227206271667')).toEqual({ name: 'diners', id: 3 })
    expect(brandOf('3530111333300000')).toEqual({ name: 'jcb', id: 6 })
    expect(brandOf('6011111111111117')).toEqual({ name: 'discover', id: 7 })
    expect(brandOf('6759649826438453')).toEqual({ name: 'maestro', id: 8 })
    expect(brandOf('1234567890123')).toEqual({ name: 'isracard', id: 5 })
  })

  it('has correct card checks', () => {
    expect(isLuhnValid('4580000000000000')).toBe(true)
    expect(isLuhnValid('4000000000000002')).toBe(true)
    expect(isLuhnValid('4580000000000001')).toBe(false)
    expect(isIsraeliIdValid('123456782')).toBe(true)
    expect(isIsraeliIdValid('123456789')).toBe(false)
    const now = new Date('2026-05-15T00:00:00Z')
    expect(isExpiryInFuture(5, 26, now)).toBe(true)
    expect(isExpiryInFuture(4, 2026, now)).toBe(false)
  })
})

describe('the built-in PayPlus sandbox: look-ups and mounting', () => {
  it('answers an IPN look-up for an unknown transaction with an error envelope', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `${API}/ipn`,
      headers: keys(),
      payload: { transaction_uid: '00000000-0000-4000-8000-000000000000' },
    })
    expect(response.json().results.status).toBe('error')
    const missing = await ctx.app.inject({ method: 'POST', url: `${API}/ipn`, headers: keys(), payload: {} })
    expect(missing.json().results.description).toBe('missing-transaction_uid-or-payment_request_uid')
  })

  it('is not mounted when PAYPLUS_API_URL points at a real PayPlus', async () => {
    const live = await buildTestApp(
      {},
      {
        PAYPLUS_API_URL: 'https://restapidev.payplus.co.il/api/v1.0/',
        PAYPLUS_API_KEY: 'k',
        PAYPLUS_SECRET_KEY: 's',
        PAYPLUS_PAGE_UID: 'p',
      },
    )
    try {
      expect(
        (await live.app.inject({ method: 'POST', url: `${API}/generateLink`, payload: {} })).statusCode,
      ).toBe(404)
    } finally {
      await live.close()
    }
    await expect(
      buildTestApp({}, { PAYPLUS_API_URL: 'https://restapi.payplus.co.il/api/v1.0/' }),
    ).rejects.toThrow(/PAYPLUS_API_KEY/)
  })
})

import { describe, expect, it } from 'vitest'
import { createPayPlusProvider } from './payplus.adapter.js'

const KEYS = { apiKey: 'live-key', secretKey: 'live-secret', pageUid: 'live-page' }

describe('PayPlus adapter: each line with its VAT', () => {
  it('marks every row VAT exempt (vat_type 2) for a shop that charges none, and methods as the owner chose', async () => {
    const sent: Array<Record<string, unknown>> = []
    const headers: Array<Record<string, string>> = []
    // PayPlus's edge only: the adapter's own request, answered as generateLink answers.
    const http = (async (_url: unknown, init?: RequestInit) => {
      sent.push(JSON.parse(String(init?.body)) as Record<string, unknown>)
      headers.push(init?.headers as Record<string, string>)
      return new Response(
        JSON.stringify({
          results: { status: 'success', code: 0 },
          data: { page_request_uid: 'p', payment_page_link: 'https://paymentsdev.payplus.co.il/p' },
        }),
      )
    }) as typeof fetch
    const provider = createPayPlusProvider(
      { apiUrl: 'https://restapidev.payplus.co.il/api/v1.0/', ...KEYS },
      http,
    )
    await provider.createPaymentPage({
      orderId: 'o',
      orderNumber: 'TV-1',
      items: [{ name: 'זעתר', quantity: 2, unitPriceAgorot: 1000, vat: 'exempt' }],
      vat: 'exempt',
      shippingAgorot: 1500,
      discount: { name: 'הנחה', agorot: 500 },
      customer: {
        name: 'נועה',
        email: 'n@example.com',
        phone: '0501234567',
        address: 'הרצל 1',
        city: 'חיפה',
      },
      urls: { success: 'https://s/ok', failure: 'https://s/no', callback: 'https://s/cb' },
      expiryMinutes: 15,
      methods: ['credit-card', 'bit'],
      maxInstallments: 6,
    })
    // The JSON Authorization header every PayPlus client sends, and the documented pair beside it.
    expect(JSON.parse(headers[0]!.authorization!)).toEqual({
      api_key: KEYS.apiKey,
      secret_key: KEYS.secretKey,
    })
    expect(headers[0]).toMatchObject({ 'api-key': KEYS.apiKey, 'secret-key': KEYS.secretKey })
    const body = sent[0]!
    // A decline ends an attempt, not the order: no failure callbacks (payplus.md §1.8).
    expect(body.send_failure_callback).toBeUndefined()
    expect((body.items as Array<{ vat_type: number }>).map((item) => item.vat_type)).toEqual([2, 2, 2])
    expect(body).toMatchObject({
      amount: 30,
      expiry_datetime: '15',
      charge_default: 'credit-card',
      allowed_charge_methods: ['credit-card', 'bit'],
      hide_other_charge_methods: false,
      payments: 6,
      hide_payments_field: false,
    })
  })
})

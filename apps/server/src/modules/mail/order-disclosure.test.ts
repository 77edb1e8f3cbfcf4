import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox } from '../../db/schema/index.js'
import { SANDBOX_CARDS } from '../payments/payplus-sandbox.service.js'
import { buildTestApp, type TestContext } from '../../test/build-test-app.js'
import { saleRequest, seedCatalogue } from '../../test/factories.js'
import { tokenFactory } from '../../test/tokens.js'

/** The order e-mail is the written distance-sale disclosure (israel-law.md §4, issue 18). */
describe('order confirmation: the distance-sale disclosure', () => {
  let ctx: TestContext & { baseUrl: string }

  beforeAll(async () => {
    ctx = await buildTestApp({}, {}, { listen: true })
  })
  afterAll(() => ctx.close())

  async function payNewOrder(): Promise<string> {
    const ids = await seedCatalogue(ctx.database.db)
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/generate-sale',
      payload: saleRequest(ids),
      headers: { 'idempotency-key': `disclosure-${Date.now()}` },
    })
    expect(created.statusCode, created.body).toBe(201)
    const { paymentLink, order } = created.json().data as { paymentLink: string; order: { _id: string } }
    const form = new URLSearchParams({
      card_number: SANDBOX_CARDS.approved,
      card_holder_name: 'נועה כהן',
      identification_number: '123456782',
      expiry_month: '12',
      expiry_year: String(new Date().getFullYear() + 2),
      cvv: '123',
    })
    const paid = await fetch(new URL(new URL(paymentLink).pathname, ctx.baseUrl), {
      method: 'POST',
      body: form,
      redirect: 'manual',
    })
    expect(paid.status).toBe(303)
    return order._id
  }

  it("carries the owner's business details, payment, delivery and cancellation terms", async () => {
    const tokens = await tokenFactory(ctx.config, ctx.database.db)
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/shop/details',
      headers: { authorization: `Bearer ${await tokens.admin()}` },
      payload: {
        legalName: 'תבלין השוק בע"מ',
        businessNumber: '520000472',
        address: 'רחוב הכרמל 12, תל אביב-יפו',
        phone: '03-7654321',
        email: 'hello@tavlin.shop',
        coordinatorName: '',
        coordinatorPhone: '',
        coordinatorEmail: '',
        accessibilityReviewDate: '',
      },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const orderId = await payNewOrder()
    const mails = await ctx.database.db.select().from(mailOutbox)
    const confirmation = mails.find((m) => m.dedupeKey === `order-confirmation:${orderId}`)!
    for (const part of [
      'תבלין השוק בע"מ, ח.פ./ע.מ. 520000472, רחוב הכרמל 12, תל אביב-יפו, טלפון 03-7654321',
      'תנאי תשלום:',
      // The delivery methods' own sentences (delivery-terms.routes.test.ts has the owner's methods).
      'דרכי המשלוח וזמני האספקה: משלוח עד הבית: אספקה תוך 3–5 ימי עסקים מיום התשלום;',
      '5% מהמחיר או \u2066100.00 ₪\u2069, הנמוך מביניהם',
      'http://shop.test/cancel-order',
      'סה״כ לתשלום:',
    ]) {
      expect(confirmation.text).toContain(part)
    }
    expect(confirmation.html).toContain('<a href="http://shop.test/cancel-order">ביטול עסקה</a>')
    // The shop's own notice is no disclosure.
    const notice = mails.find((m) => m.dedupeKey === `new-order-notice:${orderId}`)!
    expect(notice.text).not.toContain('ביטול עסקה')
  })
})

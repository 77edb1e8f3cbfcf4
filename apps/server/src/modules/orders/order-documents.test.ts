import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox, orders } from '../../db/schema/index.js'
import { buildTestApp, type TestContext } from '../../test/build-test-app.js'
import { saleRequest, seedCatalogue } from '../../test/factories.js'
import { payInSandbox } from '../../test/pay-in-sandbox.js'
import { tokenFactory } from '../../test/tokens.js'

type Ctx = TestContext & { baseUrl: string }

async function payOrder(ctx: Ctx, ids: { productId: string; packageId: string }) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/orders/generate-sale',
    payload: saleRequest(ids),
  })
  const { order, paymentLink } = response.json().data as { order: { _id: string }; paymentLink: string }
  await payInSandbox(ctx.baseUrl, paymentLink)
  const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order._id))
  return row!
}

describe('receipts from the PayPlus invoice module', () => {
  let ctx: Ctx
  let ids: { productId: string; packageId: string }
  let admin: Record<string, string>
  beforeAll(async () => {
    ctx = await buildTestApp({}, { PAYPLUS_INVOICE_MODULE: 'true' }, { listen: true })
    ids = await seedCatalogue(ctx.database.db)
    admin = { authorization: `Bearer ${await (await tokenFactory(ctx.config, ctx.database.db)).admin()}` }
  })
  afterAll(() => ctx.close())

  it('stores the receipt link on payment and shows it on the thank-you page, the e-mail and the admin view', async () => {
    const order = await payOrder(ctx, ids)
    expect(order.documentUrl).toMatch(/^http:\/\/shop\.test\/sandbox\/payplus\/documents\/[0-9a-f-]{36}$/)
    const thankYou = await ctx.app.inject({ url: `/api/orders/${order.id}/${order.transactionUid}` })
    expect(thankYou.json().data.documentUrl).toBe(order.documentUrl)
    const [mail] = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `order-confirmation:${order.id}`))
    expect(mail!.text).toContain(order.documentUrl!)
    expect(
      (await ctx.app.inject({ url: `/api/orders/${order.id}/refunds`, headers: admin })).json().data
        .documentUrl,
    ).toBe(order.documentUrl)

    const page = await ctx.app.inject({ url: new URL(order.documentUrl!).pathname })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<html lang="he" dir="rtl">')
    expect(page.body).toContain('קבלה')
    expect(page.body).toContain('184.80 ₪')
    expect(
      (await ctx.app.inject({ url: '/api/orders/without-document', headers: admin })).json().data,
    ).toEqual([])
  })

  it('sends initial_invoice with a refund and keeps the credit document', async () => {
    const order = await payOrder(ctx, ids)
    const refund = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/refunds`,
      headers: admin,
      payload: { amount: 20 },
    })
    const documentUrl = refund.json().data.refunds[0].documentUrl as string
    expect(documentUrl).toMatch(/\/sandbox\/payplus\/documents\//)
    const page = await ctx.app.inject({ url: new URL(documentUrl).pathname })
    expect(page.body).toContain('תעודת זיכוי')
    expect(page.body).toContain('20.00 ₪')
  })
})

describe('without the invoice module', () => {
  let ctx: Ctx
  let admin: Record<string, string>
  beforeAll(async () => {
    ctx = await buildTestApp({}, {}, { listen: true })
    admin = { authorization: `Bearer ${await (await tokenFactory(ctx.config, ctx.database.db)).admin()}` }
  })
  afterAll(() => ctx.close())

  it('stores no link, and the admin sees the paid orders that have no document', async () => {
    const order = await payOrder(ctx, await seedCatalogue(ctx.database.db))
    expect(order.documentUrl).toBeNull()
    const list = await ctx.app.inject({ url: '/api/orders/without-document', headers: admin })
    expect(list.json().data).toEqual([
      { _id: order.id, number: `TV-${order.number}`, total: 184.8, paidAt: order.paidAt!.toISOString() },
    ])
    expect((await ctx.app.inject({ url: '/api/orders/without-document' })).statusCode).toBe(401)
  })
})

import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  adminActivity,
  cancellationRequests,
  mailOutbox,
  orderStatusHistory,
  orders,
  products,
} from '../../db/schema/index.js'
import { bearer, shopperToken } from '../../test/account-shop.js'
import { buildTestApp, type TestContext } from '../../test/build-test-app.js'
import { confirmLink, confirmationMails, confirmationToken } from '../../test/confirmation-mail.js'
import { saleRequest, seedCatalogue, testCustomer } from '../../test/factories.js'
import { freshIp } from '../../test/form-fixtures.js'
import { payInSandbox } from '../../test/pay-in-sandbox.js'
import { tokenFactory, type TokenFactory } from '../../test/tokens.js'

const DAY = 24 * 60 * 60 * 1000
let buyers = 0

describe('cancelling a transaction (ביטול עסקה) and refunds', () => {
  let ctx: TestContext & { baseUrl: string }
  let ids: { productId: string; packageId: string }
  let admin: Record<string, string>
  let tokens: TokenFactory

  beforeAll(async () => {
    ctx = await buildTestApp({}, { FORMS_RATE_LIMIT_PER_MINUTE: '50' }, { listen: true })
    ids = await seedCatalogue(ctx.database.db)
    tokens = await tokenFactory(ctx.config, ctx.database.db)
    admin = { authorization: `Bearer ${await tokens.admin()}` }
  })
  afterAll(() => ctx.close())

  /**
   * A paid order of 184.80 ₪: 2 × 24.90 (product) + 120 (package) + 15 shipping, with an
   * e-mail of its own (the confirmation links are limited per mailbox); `headers` may carry
   * a shopper's token, so the order is theirs.
   */
  async function paidOrder(headers: Record<string, string> = {}) {
    const email = `buyer${++buyers}.${process.pid}@example.com`
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/generate-sale',
      headers,
      payload: saleRequest(ids, { customer: { ...testCustomer, email } }),
    })
    expect(response.statusCode).toBe(201)
    const { order, paymentLink } = response.json().data as {
      order: { _id: string; number: string }
      paymentLink: string
    }
    await payInSandbox(ctx.baseUrl, paymentLink)
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order._id))
    expect(row!.status).toBe('paid')
    return row!
  }
  const notice = (payload: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: '/api/cancellations', payload, headers, remoteAddress: freshIp() })
  /** The order's mailbox confirms the newest link it was sent, as its owner would. */
  async function confirmFrom(email: string) {
    const confirmed = await confirmLink(ctx, await confirmationToken(ctx, email))
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    return confirmed.json().data as { purpose: string; orderNumber: string }
  }
  const mailsTo = async (dedupeKey: string) =>
    ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, dedupeKey))
  const inbox = async () =>
    (await ctx.app.inject({ url: '/api/cancellations', headers: admin })).json().data as Array<
      Record<string, unknown>
    >
  const refunds = (id: string) => ctx.app.inject({ url: `/api/orders/${id}/refunds`, headers: admin })

  it('gives a stranger the same answer for an unknown order or a wrong contact, and stores nothing', async () => {
    const order = await paidOrder()
    const answers = await Promise.all([
      notice({ orderNumber: 'TV-999999', contact: order.customer.email }),
      notice({ orderNumber: `TV-${order.number}`, contact: 'someone@else.com' }),
      notice({ orderNumber: String(order.number), contact: '0529999999' }),
      // The right pair, from someone not signed in as the order's owner: the same answer.
      notice({ orderNumber: `TV-${order.number}`, contact: order.customer.email }),
    ])
    for (const answer of answers) {
      expect(answer.statusCode).toBe(202)
      expect(answer.json()).toEqual({ success: true, data: { received: true, confirmation: 'by-email' } })
    }
    expect(await ctx.database.db.select().from(cancellationRequests)).toHaveLength(0)
    // Only the matching pair sent anything: one link, to the order's own address.
    expect(await confirmationMails(ctx, order.customer.email)).toHaveLength(1)
    expect(await confirmationMails(ctx, 'someone@else.com')).toHaveLength(0)
    const bad = await notice({ orderNumber: 'abc', contact: 'x' })
    expect(bad.statusCode).toBe(400)
    expect(
      bad
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['body.contact', 'body.orderNumber'])
  })

  it('lets the buyer cancel by phone, mails a confirmation and computes 5 % within the window', async () => {
    const order = await paidOrder()
    const answer = await notice({
      orderNumber: `TV-${order.number}`,
      contact: '+972-50-123-4567',
      message: 'שיניתי את דעתי',
    })
    expect(answer.json()).toEqual({ success: true, data: { received: true, confirmation: 'by-email' } })
    expect(await confirmFrom(order.customer.email)).toEqual({
      purpose: 'cancellation',
      orderNumber: `TV-${order.number}`,
    })
    const [entry] = await inbox()
    expect(entry).toMatchObject({
      orderId: order.id,
      status: 'open',
      isAllowed: true,
      orderTotal: 184.8,
      fee: 9.24,
      refund: 175.56,
      message: 'שיניתי את דעתי',
      confirmedBy: 'email',
    })
    const mails = await mailsTo(`cancellation:${entry!._id}`)
    expect(mails[0]).toMatchObject({ to: order.customer.email })
    expect(mails[0]!.text).toContain('175.56')
  })

  it("never mails a stranger's phishing text on: the link quotes nothing, the buyer's mail neither, the shop's has no links", async () => {
    // The attack of issue 33: a stranger who knows a number and its e-mail writes a message
    // with a link, hoping the shop mails it to its customer under the shop's name.
    const order = await paidOrder()
    const phishing = 'לאישור הביטול נא לאמת את הכרטיס בכתובת http://evil.example/card או www.evil-pay.co.il'
    const sent = await notice({ orderNumber: `TV-${order.number}`, contact: order.customer.email, message: phishing })
    expect(sent.json().data).toEqual({ received: true, confirmation: 'by-email' })
    expect((await inbox()).some((entry) => entry.orderId === order.id)).toBe(false)

    const [link] = await confirmationMails(ctx, order.customer.email)
    expect(link!.subject).toBe(`תבלין: אישור הודעת ביטול להזמנה TV-${order.number}`)
    for (const body of [link!.text, link!.html]) {
      expect(body).not.toContain('evil')
      expect(body).not.toContain('לאמת את הכרטיס')
    }

    // Confirmed from the order's mailbox: only now the notice is given.
    await confirmFrom(order.customer.email)
    const entry = (await inbox()).find((candidate) => candidate.orderId === order.id)!
    expect(entry).toMatchObject({ message: phishing, confirmedBy: 'email', requestedAt: expect.any(String) })
    const [toBuyer] = await mailsTo(`cancellation:${entry._id}`)
    const [toShop] = await mailsTo(`cancellation-notice:${entry._id}`)
    for (const body of [toBuyer!.text, toBuyer!.html]) {
      expect(body).not.toContain('evil')
      expect(body).not.toContain('לאמת את הכרטיס')
    }
    expect(toShop!.text).toContain('[קישור הוסר]')
    expect(toShop!.text).not.toContain('evil')
    expect(toShop!.html).not.toContain('evil')

    // A link files once.
    const again = await confirmLink(ctx, await confirmationToken(ctx, order.customer.email))
    expect(again.statusCode).toBe(409)
    expect((await inbox()).filter((candidate) => candidate.orderId === order.id)).toHaveLength(1)
  })

  it("takes the signed-in owner's notice at once, and sends another shopper's to the order's mailbox", async () => {
    const owner = bearer(await shopperToken(tokens, 'p-cancel-owner'))
    const other = bearer(await shopperToken(tokens, 'p-cancel-other'))
    const order = await paidOrder(owner)
    expect(order.accountSubject).toBe('p-cancel-owner')
    const byOther = await notice({ orderNumber: `TV-${order.number}`, contact: order.customer.email }, other)
    expect(byOther.json().data).toEqual({ received: true, confirmation: 'by-email' })
    expect((await inbox()).some((entry) => entry.orderId === order.id)).toBe(false)

    const byOwner = await notice({ orderNumber: `TV-${order.number}`, contact: order.customer.email }, owner)
    expect(byOwner.json().data).toEqual({ received: true, confirmation: 'filed' })
    const entry = (await inbox()).find((candidate) => candidate.orderId === order.id)
    expect(entry).toMatchObject({ confirmedBy: 'account', requestedAt: null, isAllowed: true })
    expect(await mailsTo(`cancellation:${entry!._id}`)).toHaveLength(1)
    // An invalid token is refused, never taken as a stranger's notice.
    const forged = await notice(
      { orderNumber: `TV-${order.number}`, contact: order.customer.email },
      { authorization: 'Bearer not-a-token' },
    )
    expect(forged.statusCode).toBe(401)
  })

  it("judges a notice confirmed by e-mail at the confirmation's time, the notice's time", async () => {
    const order = await paidOrder()
    const delivered = async (at: Date) => {
      await ctx.database.db.delete(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id))
      await ctx.database.db.insert(orderStatusHistory).values({ orderId: order.id, status: 'delivered', at })
    }
    await ctx.database.db
      .update(orders)
      .set({ status: 'delivered', paidAt: new Date(Date.now() - 20 * DAY) })
      .where(eq(orders.id, order.id))
    // Within the 14 days when the form is sent …
    await delivered(new Date(Date.now() - 13 * DAY))
    await notice({ orderNumber: `TV-${order.number}`, contact: order.customer.email })
    // … but by the time the mailbox confirms, the window has closed: the confirmation is the notice.
    await delivered(new Date(Date.now() - 15 * DAY))
    await confirmFrom(order.customer.email)
    const entry = (await inbox()).find((candidate) => candidate.orderId === order.id)!
    expect(entry).toMatchObject({ isAllowed: false, refusal: 'window', confirmedBy: 'email' })
    expect(Date.parse(entry.createdAt as string)).toBeGreaterThanOrEqual(Date.parse(entry.requestedAt as string))
  })

  it('refuses after 14 days from delivery, and charges no fee for a defect', async () => {
    const late = await paidOrder()
    const deliveredAt = new Date(Date.now() - 14 * DAY - 60_000)
    await ctx.database.db
      .update(orders)
      .set({ status: 'delivered', paidAt: new Date(deliveredAt.getTime() - DAY) })
      .where(eq(orders.id, late.id))
    await ctx.database.db
      .insert(orderStatusHistory)
      .values({ orderId: late.id, status: 'delivered', at: deliveredAt })
    await notice({ orderNumber: `TV-${late.number}`, contact: late.customer.email })
    await confirmFrom(late.customer.email)
    expect((await inbox())[0]).toMatchObject({
      orderId: late.id,
      isAllowed: false,
      refusal: 'window',
      refund: 0,
    })

    const defect = await paidOrder()
    await notice({ orderNumber: `TV-${defect.number}`, contact: defect.customer.email, isDefect: true })
    await confirmFrom(defect.customer.email)
    expect((await inbox())[0]).toMatchObject({ orderId: defect.id, isAllowed: true, fee: 0, refund: 184.8 })
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/cancellations/${(await inbox())[1]!._id}/approve`,
      headers: admin,
    })
    expect(refused.statusCode).toBe(409)
  })

  it('keeps shipped perishable items out, and approving refunds the rest: partially_refunded, history and audit', async () => {
    const order = await paidOrder()
    await ctx.database.db.update(products).set({ perishable: true }).where(eq(products.id, ids.productId))
    await ctx.database.db.update(orders).set({ status: 'shipped' }).where(eq(orders.id, order.id))
    await notice({ orderNumber: `TV-${order.number}`, contact: order.customer.email.toUpperCase() })
    await confirmFrom(order.customer.email)
    const [entry] = await inbox()
    // Only the package (120 ₪) goes back, less 5 %; the product and the shipping stay.
    expect(entry).toMatchObject({ isAllowed: true, isPartial: true, fee: 6, refund: 114 })

    const approved = await ctx.app.inject({
      method: 'POST',
      url: `/api/cancellations/${entry!._id}/approve`,
      headers: admin,
    })
    expect(approved.statusCode).toBe(200)
    expect(approved.json().data).toMatchObject({ status: 'refunded', decidedBy: 'admin@tavlin.test' })
    const summary = (await refunds(order.id)).json().data
    expect(summary).toMatchObject({
      orderStatus: 'partially_refunded',
      refunded: 114,
      refundable: 70.8,
      refunds: [{ amount: 114, fee: 6, actorEmail: 'admin@tavlin.test' }],
    })
    const history = (await ctx.app.inject({ url: `/api/orders/${order.id}`, headers: admin })).json().data
      .statusHistory
    expect(history.at(-1)).toMatchObject({ status: 'partially_refunded', actorEmail: 'admin@tavlin.test' })
    const audit = await ctx.database.db
      .select()
      .from(adminActivity)
      .where(eq(adminActivity.entityId, order.id))
    expect(audit[0]).toMatchObject({
      action: 'refund',
      summary: `TV-${order.number}: shipped → partially_refunded, 114.00 ₪ (fee 6.00 ₪)`,
    })
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/cancellations/${entry!._id}/approve`,
      headers: admin,
    })
    expect(again.statusCode).toBe(409)
    await ctx.database.db.update(products).set({ perishable: false }).where(eq(products.id, ids.productId))
  })

  it('refunds from the order page without a notice, in parts, up to the total', async () => {
    const order = await paidOrder()
    const refund = (amount: number, fee = 0) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/orders/${order.id}/refunds`,
        headers: admin,
        payload: { amount, fee },
      })
    expect((await refund(100)).json().data).toMatchObject({
      orderStatus: 'partially_refunded',
      refunded: 100,
      refundable: 84.8,
    })
    const tooMuch = await refund(84.81)
    expect(tooMuch.statusCode).toBe(400)
    expect(tooMuch.json().details).toEqual([{ field: 'body.amount', message: 'refund.validation.tooMuch' }])
    expect((await refund(84.8)).json().data).toMatchObject({
      orderStatus: 'refunded',
      refunded: 184.8,
      refundable: 0,
    })
    expect((await refund(1)).statusCode).toBe(409)
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/orders/${order.id}/refunds`,
          payload: { amount: 1 },
        })
      ).statusCode,
    ).toBe(401)
  })

  it('leaves the order as it was when the provider refuses, with the provider reason', async () => {
    const order = await paidOrder()
    // The owner already gave the money back in PayPlus's own dashboard.
    const direct = await ctx.app.inject({
      method: 'POST',
      url: '/sandbox/payplus/api/v1.0/Transactions/RefundByTransactionUID',
      headers: { 'api-key': ctx.config.payplus.apiKey, 'secret-key': ctx.config.payplus.secretKey },
      payload: { transaction_uid: order.transactionUid, amount: 184.8 },
    })
    expect(direct.json().data.transaction.status_code).toBe('000')
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/refunds`,
      headers: admin,
      payload: { amount: 50 },
    })
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({
      code: 'CONFLICT',
      details: { providerReason: 'refund-amount-exceeds-transaction-amount' },
    })
    expect((await refunds(order.id)).json().data).toMatchObject({
      orderStatus: 'paid',
      refunded: 0,
      refunds: [],
    })
  })

  it('takes 5 % up to ₪2,000 and ₪100 above, on the API too', async () => {
    const order = await paidOrder()
    const feeAt = async (totalAgorot: number) => {
      await ctx.database.db.update(orders).set({ totalAgorot }).where(eq(orders.id, order.id))
      return (await refunds(order.id)).json().data.suggestedFee
    }
    expect(await feeAt(199_980)).toBe(99.99)
    expect(await feeAt(200_000)).toBe(100)
    expect(await feeAt(200_020)).toBe(100)
  })
})

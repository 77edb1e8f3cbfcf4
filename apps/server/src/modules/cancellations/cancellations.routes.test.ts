import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  adminActivity,
  cancellationRequests,
  orderStatusHistory,
  orders,
  products,
} from '../../db/schema/index.js'
import { useCancellationShop } from '../../test/cancellation-shop.js'
import { confirmationMails } from '../../test/confirmation-mail.js'

const DAY = 24 * 60 * 60 * 1000

describe('cancelling a transaction (ביטול עסקה) and refunds', () => {
  const shop = useCancellationShop()
  const { paidOrder, notice, confirmFrom, mailsTo, inbox } = shop
  const refunds = (id: string) =>
    shop.ctx.app.inject({ url: `/api/orders/${id}/refunds`, headers: shop.admin })

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
    expect(await shop.ctx.database.db.select().from(cancellationRequests)).toHaveLength(0)
    // Only the matching pair sent anything: one link, to the order's own address.
    expect(await confirmationMails(shop.ctx, order.customer.email)).toHaveLength(1)
    expect(await confirmationMails(shop.ctx, 'someone@else.com')).toHaveLength(0)
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

  it('refuses after 14 days from delivery, and charges no fee for a defect', async () => {
    const late = await paidOrder()
    const deliveredAt = new Date(Date.now() - 14 * DAY - 60_000)
    await shop.ctx.database.db
      .update(orders)
      .set({ status: 'delivered', paidAt: new Date(deliveredAt.getTime() - DAY) })
      .where(eq(orders.id, late.id))
    await shop.ctx.database.db
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
    const refused = await shop.ctx.app.inject({
      method: 'POST',
      url: `/api/cancellations/${(await inbox())[1]!._id}/approve`,
      headers: shop.admin,
    })
    expect(refused.statusCode).toBe(409)
  })

  it('keeps shipped perishable items out, and approving refunds the rest: partially_refunded, history and audit', async () => {
    const order = await paidOrder()
    await shop.ctx.database.db
      .update(products)
      .set({ perishable: true })
      .where(eq(products.id, shop.ids.productId))
    await shop.ctx.database.db.update(orders).set({ status: 'shipped' }).where(eq(orders.id, order.id))
    await notice({ orderNumber: `TV-${order.number}`, contact: order.customer.email.toUpperCase() })
    await confirmFrom(order.customer.email)
    const [entry] = await inbox()
    // Only the package (120 ₪) goes back, less 5 %; the product and the shipping stay.
    expect(entry).toMatchObject({ isAllowed: true, isPartial: true, fee: 6, refund: 114 })

    const approved = await shop.ctx.app.inject({
      method: 'POST',
      url: `/api/cancellations/${entry!._id}/approve`,
      headers: shop.admin,
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
    const history = (
      await shop.ctx.app.inject({ url: `/api/orders/${order.id}`, headers: shop.admin })
    ).json().data.statusHistory
    expect(history.at(-1)).toMatchObject({ status: 'partially_refunded', actorEmail: 'admin@tavlin.test' })
    const audit = await shop.ctx.database.db
      .select()
      .from(adminActivity)
      .where(eq(adminActivity.entityId, order.id))
    expect(audit[0]).toMatchObject({
      action: 'refund',
      summary: `TV-${order.number}: shipped → partially_refunded, 114.00 ₪ (fee 6.00 ₪)`,
    })
    const again = await shop.ctx.app.inject({
      method: 'POST',
      url: `/api/cancellations/${entry!._id}/approve`,
      headers: shop.admin,
    })
    expect(again.statusCode).toBe(409)
    await shop.ctx.database.db
      .update(products)
      .set({ perishable: false })
      .where(eq(products.id, shop.ids.productId))
  })

  it('refunds from the order page without a notice, in parts, up to the total', async () => {
    const order = await paidOrder()
    const refund = (amount: number, fee = 0) =>
      shop.ctx.app.inject({
        method: 'POST',
        url: `/api/orders/${order.id}/refunds`,
        headers: shop.admin,
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
        await shop.ctx.app.inject({
          method: 'POST',
          url: `/api/orders/${order.id}/refunds`,
          payload: { amount: 1 },
        })
      ).statusCode,
    ).toBe(401)
  })

  it('leaves the order as it was when the provider refuses, with the provider reason', async () => {
    const order = await paidOrder()
    // The shop's record says more was paid than PayPlus took (a split payment's card part):
    // PayPlus refuses to give back more than the charge.
    await shop.ctx.database.db.update(orders).set({ totalAgorot: 30_000 }).where(eq(orders.id, order.id))
    const refused = await shop.ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/refunds`,
      headers: shop.admin,
      payload: { amount: 250 },
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
      await shop.ctx.database.db.update(orders).set({ totalAgorot }).where(eq(orders.id, order.id))
      return (await refunds(order.id)).json().data.suggestedFee
    }
    expect(await feeAt(199_980)).toBe(99.99)
    expect(await feeAt(200_000)).toBe(100)
    expect(await feeAt(200_020)).toBe(100)
  })
})

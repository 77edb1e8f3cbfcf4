import { eq, sum } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { parseReviewReason } from '@tavlin/contracts'
import { orderRefunds, orders, sandboxRefunds } from '../../db/schema/index.js'
import { useCancellationShop } from '../../test/cancellation-shop.js'

/**
 * Refunds that never pay twice (issue 32 point 7): one at a time per order, the shop's
 * ledger checked against the provider's, a lost answer found by its reference, the law's
 * fee, and no "refunded" without the money going back.
 */
describe('refund integrity', () => {
  const shop = useCancellationShop()
  afterEach(() => shop.ctx.resetSandbox())
  const refund = (orderId: string, payload: object) =>
    shop.ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/refunds`,
      headers: shop.admin,
      payload,
    })
  const db = () => shop.ctx.database.db
  const shopLedger = async (orderId: string) => {
    const [row] = await db()
      .select({ total: sum(orderRefunds.amountAgorot) })
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, orderId))
    return Number(row?.total ?? 0)
  }
  const providerLedger = async (transactionUid: string) => {
    const [row] = await db()
      .select({ total: sum(sandboxRefunds.amountAgorot) })
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.transactionUid, transactionUid))
    return Number(row?.total ?? 0)
  }
  const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!

  it('sends ten refunds of a third at once, and the provider gives back exactly what the shop records', async () => {
    const order = await paid()
    const answers = await Promise.all(Array.from({ length: 10 }, () => refund(order.id, { amount: 61.6 })))
    const codes = answers.map((answer) => (answer.statusCode === 200 ? 'ok' : answer.json().code))
    expect(codes).toContain('ok')
    expect(codes.every((code) => ['ok', 'REFUND_IN_PROGRESS', 'VALIDATION_ERROR'].includes(code))).toBe(true)
    const recorded = await shopLedger(order.id)
    expect(recorded).toBe(codes.filter((code) => code === 'ok').length * 6160)
    expect(await providerLedger(order.transactionUid!)).toBe(recorded)
    expect(recorded).toBeLessThanOrEqual(order.totalAgorot)
    const busy = answers.find((answer) => answer.json().code === 'REFUND_IN_PROGRESS')
    if (busy) expect(busy.statusCode).toBe(409)
  })

  it('never marks a paid order refunded by a status change: only a refund gets there', async () => {
    const order = await paid()
    const patch = await shop.ctx.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}`,
      headers: shop.admin,
      payload: { orderStatus: 'refunded' },
    })
    expect(patch.statusCode).toBe(409)
    expect(patch.json().code).toBe('INVALID_STATUS_TRANSITION')
    expect((await orderRow(order.id)).status).toBe('paid')
    expect((await refund(order.id, { amount: 184.8 })).json().data.orderStatus).toBe('refunded')
  })

  it("keeps the cancellation fee within the law's 5 % or ₪100 and within the refund", async () => {
    const order = await paid()
    const overLaw = await refund(order.id, { amount: 50, fee: 500 })
    expect(overLaw.statusCode).toBe(400)
    expect(overLaw.json().details).toEqual([{ field: 'body.fee', message: 'refund.validation.feeOverLaw' }])
    // 5 % of 184.80 is 9.24: allowed, but not beside a refund of 5.
    const overRefund = await refund(order.id, { amount: 5, fee: 9.24 })
    expect(overRefund.json().details).toEqual([
      { field: 'body.fee', message: 'refund.validation.feeOverRefund' },
    ])
    expect((await refund(order.id, { amount: 175.56, fee: 9.24 })).statusCode).toBe(200)
    expect(await providerLedger(order.transactionUid!)).toBe(17556)
  })

  it("refuses a refund while the provider's refunds differ from the shop's, and sets the order aside", async () => {
    const order = await paid()
    // The owner already gave money back in PayPlus's own dashboard.
    await shop.ctx.app.inject({
      method: 'POST',
      url: '/sandbox/payplus/api/v1.0/Transactions/RefundByTransactionUID',
      headers: { 'api-key': shop.ctx.config.payplus.apiKey, 'secret-key': shop.ctx.config.payplus.secretKey },
      payload: { transaction_uid: order.transactionUid, amount: 40 },
    })
    const refused = await refund(order.id, { amount: 50 })
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ code: 'CONFLICT', details: { ledger: { shop: 0, provider: 40 } } })
    const row = await orderRow(order.id)
    expect(row).toMatchObject({ status: 'paid', needsReview: true })
    expect(parseReviewReason(row.reviewReason)).toEqual({
      code: 'refundLedger',
      shop: '0.00',
      provider: '40.00',
    })
    expect(await providerLedger(order.transactionUid!)).toBe(4000)
  })

  it('records a refund whose answer was lost once, found by its reference, and a retry pays nothing more', async () => {
    const order = await paid()
    shop.ctx.sandbox.refundAnswerLost = true
    const lost = await refund(order.id, { amount: 30 })
    expect(lost.statusCode).toBe(200)
    expect(lost.json().data).toMatchObject({ orderStatus: 'partially_refunded', refunded: 30 })
    shop.ctx.sandbox.refundAnswerLost = false
    expect((await refund(order.id, { amount: 154.8 })).json().data.orderStatus).toBe('refunded')
    expect(await providerLedger(order.transactionUid!)).toBe(18480)
    expect(await shopLedger(order.id)).toBe(18480)
  })

  it("takes PayPlus's refund callbacks as refunds: the order is neither settled again nor set aside", async () => {
    const order = await paid()
    expect(shop.ctx.sandbox.refundCallbacks).toBe(true)
    await refund(order.id, { amount: 20 })
    const row = await orderRow(order.id)
    expect(row).toMatchObject({ status: 'partially_refunded', needsReview: false })
    expect(row.documentUrl).toBe(order.documentUrl)
  })

  const paid = () => shop.paidOrder()
})

import { describe, expect, it, onTestFinished } from 'vitest'
import { parseReviewReason } from '@tavlin/contracts'
import { saleRequest, testCustomer } from '../../test/factories.js'
import { useOrdersShop, type SaleData } from '../../test/orders-shop.js'
import { SANDBOX_CARDS } from '../payments/payplus-sandbox.service.js'

// Several attempts on one page, split payments, late payments (issue 32 points 3, 5 and 6).
const shop = useOrdersShop({ allowAdmins: true })

const afterMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000)
const status = (sale: SaleData) =>
  shop.ctx.app.inject({ url: `/api/orders/${sale.order._id}/status?token=${sale.order.statusToken}` })

async function couponSale(code: string, email: string): Promise<SaleData> {
  const response = await shop.sale(
    saleRequest(shop.ids, { couponCode: code, totalPrice: 167.82, customer: { ...testCustomer, email } }),
  )
  expect(response.statusCode).toBe(201)
  return response.json().data as SaleData
}

async function coupon(code: string, extra: Record<string, unknown>) {
  const created = await shop.ctx.app.inject({
    method: 'POST',
    url: '/api/admin/coupons',
    payload: { code, kind: 'percent', value: 10, ...extra },
  })
  expect(created.statusCode).toBe(201)
}

const cancel = (sale: SaleData, to: 'cancelled' | 'failed' = 'cancelled') =>
  shop.ctx.app.inject({ method: 'PATCH', url: `/api/orders/${sale.order._id}`, payload: { orderStatus: to } })

describe('several attempts on one page', () => {
  it('keeps the order and its units after a decline; the approved retry is found though its callback was lost', async () => {
    await shop.setStock(2)
    onTestFinished(() => shop.setStock(null))
    const sale = await shop.newOrder()
    await shop.pay(sale.paymentLink, SANDBOX_CARDS.declined)
    // The pending page asks the provider: the decline ends the attempt, not the order.
    expect((await status(sale)).json().data).toMatchObject({ orderStatus: 'pending_payment' })
    expect(await shop.orderRow(sale.order._id)).toMatchObject({ status: 'pending_payment', stockHeld: true })
    shop.flags.dropCallbacks = true
    await shop.pay(sale.paymentLink, SANDBOX_CARDS.approved)
    const run = await shop.ctx.app.jobs.reconcilePayments(afterMinutes(2))
    expect(run).toMatchObject({ ran: true, outcome: { paid: 1 } })
    expect(await shop.orderRow(sale.order._id)).toMatchObject({ status: 'paid', needsReview: false })
  })

  it('answers the same request after a decline with the same order, its page still open (issue 35)', async () => {
    const key = `retry-after-decline-${Date.now()}`
    const first = await shop.sale(saleRequest(shop.ids), key)
    const sale = first.json().data as SaleData & { payableUntil: string }
    expect(Date.parse(sale.payableUntil)).toBeGreaterThan(Date.now())
    await shop.pay(sale.paymentLink, SANDBOX_CARDS.declined)
    const again = await shop.sale(saleRequest(shop.ids), key)
    expect(again.statusCode).toBe(first.statusCode)
    expect(again.json().data).toEqual(sale)
    await shop.pay(sale.paymentLink, SANDBOX_CARDS.approved)
    expect(await shop.orderRow(sale.order._id)).toMatchObject({ status: 'paid' })
  })

  it('ends an order whose page closed on a decline, and a closed page takes no payment', async () => {
    const sale = await shop.newOrder()
    await shop.pay(sale.paymentLink, SANDBOX_CARDS.declined)
    const window = shop.ctx.config.orderPaymentTimeoutMinutes
    await shop.ctx.app.jobs.reconcilePayments(afterMinutes(window + 1))
    expect(await shop.orderRow(sale.order._id)).toMatchObject({ status: 'failed', stockHeld: false })
    shop.sandbox.clockOffsetSeconds = (window + 1) * 60
    expect((await shop.pay(sale.paymentLink, SANDBOX_CARDS.approved)).status).toBe(410)
  })

  it('pays a split payment (two transactions for one page) and refunds nothing to review', async () => {
    const sale = await shop.newOrder()
    const paid = await shop.pay(sale.paymentLink, SANDBOX_CARDS.split)
    const row = await shop.orderRow(sale.order._id)
    expect(row).toMatchObject({ status: 'paid', needsReview: false })
    expect(row.charges).toHaveLength(2)
    expect(row.charges!.reduce((sum, charge) => sum + charge.amountAgorot, 0)).toBe(row.totalAgorot)
    // The thank-you page of either part's transaction is the order's.
    const last = new URL(paid.location!).searchParams.get('transaction_uid')!
    const thanks = await shop.ctx.app.inject({ url: `/api/orders/${sale.order._id}/${last}` })
    expect(thanks.json().data).toMatchObject({ orderStatus: 'paid' })
  })
})

describe('a payment for an order that had ended', () => {
  it('looks again at an order that failed while its page was open, takes the payment and flags it in Hebrew', async () => {
    const sale = await shop.newOrder()
    expect((await cancel(sale, 'failed')).statusCode).toBe(200)
    shop.flags.dropCallbacks = true
    await shop.pay(sale.paymentLink, SANDBOX_CARDS.approved)
    await shop.ctx.app.jobs.reconcilePayments(afterMinutes(2))
    const row = await shop.orderRow(sale.order._id)
    expect(row).toMatchObject({ status: 'paid', needsReview: true, stockHeld: true })
    expect(parseReviewReason(row.reviewReason)).toEqual({ code: 'paidAfterFail' })
  })

  it('takes a payment whose callback arrives for a cancelled order, never losing it', async () => {
    const sale = await shop.newOrder()
    expect((await cancel(sale)).statusCode).toBe(200)
    await shop.pay(sale.paymentLink, SANDBOX_CARDS.approved)
    const row = await shop.orderRow(sale.order._id)
    expect(row).toMatchObject({ status: 'paid', needsReview: true })
    expect(parseReviewReason(row.reviewReason)).toEqual({ code: 'paidAfterCancel' })
    const admin = await shop.ctx.app.inject({ url: `/api/orders/${sale.order._id}` })
    expect(admin.json().data).toMatchObject({ orderStatus: 'paid', needsReview: true })
  })
})

describe('coupons checked again when a payment is recorded', () => {
  it('pays and flags an order that took a coupon past its limit', async () => {
    const code = `LIMIT${Date.now() % 100_000}`
    await coupon(code, { usageLimit: 1 })
    const first = await couponSale(code, 'first@example.com')
    await cancel(first)
    const second = await couponSale(code, 'second@example.com')
    await shop.pay(second.paymentLink, SANDBOX_CARDS.approved)
    // The first page is still open: its late payment takes the use over the limit.
    await shop.pay(first.paymentLink, SANDBOX_CARDS.approved)
    const late = await shop.orderRow(first.order._id)
    expect(late.status).toBe('paid')
    expect(parseReviewReason(late.reviewReason)).toEqual({ code: 'couponOverLimit', coupon: code })
    expect((await shop.orderRow(second.order._id)).needsReview).toBe(false)
  })

  it('pays and flags a once-per-customer coupon paid twice by one e-mail', async () => {
    const code = `ONCE${Date.now() % 100_000}`
    await coupon(code, { onePerCustomer: true })
    const first = await couponSale(code, 'Twice@Example.com')
    await cancel(first)
    const second = await couponSale(code, 'twice@example.com')
    await shop.pay(second.paymentLink, SANDBOX_CARDS.approved)
    await shop.pay(first.paymentLink, SANDBOX_CARDS.approved)
    const late = await shop.orderRow(first.order._id)
    expect(late.status).toBe('paid')
    expect(parseReviewReason(late.reviewReason)).toEqual({ code: 'couponReused', coupon: code })
  })
})

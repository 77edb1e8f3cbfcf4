import { describe, expect, it } from 'vitest'
import { useCancellationShop } from '../../test/cancellation-shop.js'

/**
 * A partial refund settles money, not the delivery (issue 35 point 4, decision 241): the
 * order goes on from where it stood, and its refunds stay on record when it does.
 */
describe('status changes after a partial refund', () => {
  const shop = useCancellationShop()
  const call = (method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) =>
    shop.ctx.app.inject({ method, url, headers: shop.admin, ...(payload ? { payload } : {}) })
  const move = (id: string, orderStatus: string) => call('PATCH', `/api/orders/${id}`, { orderStatus })

  it('marks a shipped order delivered after part of it was refunded, keeping the refund', async () => {
    const order = await shop.paidOrder()
    for (const status of ['preparing', 'shipped']) expect((await move(order.id, status)).statusCode).toBe(200)
    const refund = await call('POST', `/api/orders/${order.id}/refunds`, { amount: 20 })
    expect(refund.json().data).toMatchObject({ orderStatus: 'partially_refunded', refunded: 20 })

    // Only the step after "shipped": not back to preparing.
    const backwards = await move(order.id, 'preparing')
    expect(backwards.statusCode).toBe(409)
    expect(backwards.json().code).toBe('INVALID_STATUS_TRANSITION')
    const delivered = await move(order.id, 'delivered')
    expect(delivered.statusCode, delivered.body).toBe(200)
    expect(delivered.json().data.orderStatus).toBe('delivered')
    const refunds = (await call('GET', `/api/orders/${order.id}/refunds`)).json().data
    expect(refunds).toMatchObject({ orderStatus: 'delivered', refunded: 20, refundable: 164.8 })
    expect((await move(order.id, 'delivered')).statusCode).toBe(409)
  })

  it('goes on from "paid" to preparing after a partial refund, never straight to delivered', async () => {
    const order = await shop.paidOrder()
    expect((await call('POST', `/api/orders/${order.id}/refunds`, { amount: 24.9 })).statusCode).toBe(200)
    expect((await move(order.id, 'delivered')).statusCode).toBe(409)
    const preparing = await move(order.id, 'preparing')
    expect(preparing.statusCode).toBe(200)
    expect(preparing.json().data.statusHistory.map((entry: { status: string }) => entry.status)).toEqual([
      'pending_payment',
      'paid',
      'partially_refunded',
      'preparing',
    ])
  })
})

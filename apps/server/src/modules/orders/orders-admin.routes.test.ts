import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders } from '../../db/schema/index.js'
import { buildTestApp, type TestContext } from '../../test/build-test-app.js'
import { saleRequest, seedCatalogue } from '../../test/factories.js'

let ctx: TestContext & { baseUrl: string }
let denied: TestContext
const orderIds: string[] = []

beforeAll(async () => {
  ctx = await buildTestApp({}, {}, { listen: true, requireAdmin: async () => {} })
  denied = await buildTestApp()
  const ids = await seedCatalogue(ctx.database.db)
  for (let i = 0; i < 12; i += 1) {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/generate-sale',
      payload: saleRequest(ids),
    })
    expect(response.statusCode).toBe(201)
    orderIds.push(response.json().data.order._id)
  }
})
afterAll(async () => {
  await ctx.close()
  await denied.close()
})

describe('admin order endpoints: access and the list', () => {
  it('answers 401 on every admin route until sign-in lands', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/orders' },
      { method: 'GET' as const, url: `/api/orders/${orderIds[0]}` },
      { method: 'PATCH' as const, url: `/api/orders/${orderIds[0]}`, payload: { orderStatus: 'cancelled' } },
    ]) {
      const response = await denied.app.inject(request)
      expect(response.statusCode).toBe(401)
      expect(response.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' })
    }
  })

  it('lists 10 orders by default, newest first, with a status filter', async () => {
    const response = await ctx.app.inject({ url: '/api/orders' })
    expect(response.statusCode).toBe(200)
    const data = response.json().data
    expect(data.items).toHaveLength(10)
    expect(data).toMatchObject({ currentPage: 1, totalPages: 2, totalItems: 12 })
    expect(data.items[0]).toMatchObject({
      customer: { firstName: 'נועה' },
      orderStatus: 'pending_payment',
      totalPrice: 184.8,
    })
    expect(data.items[0].orderItems[0].item.name).toMatch(/^ברברה/)

    await ctx.database.db.update(orders).set({ status: 'paid' }).where(eq(orders.id, orderIds[0]!))
    const paid = await ctx.app.inject({ url: '/api/orders?status=paid' })
    expect(paid.json().data.items.map((o: { _id: string }) => o._id)).toEqual([orderIds[0]])
    expect((await ctx.app.inject({ url: '/api/orders?status=lost' })).statusCode).toBe(400)
  })
})

describe('admin order endpoints: one order', () => {
  it('reads one order and enforces the status transitions', async () => {
    const id = orderIds[0]!
    expect((await ctx.app.inject({ url: `/api/orders/${id}` })).json().data.orderStatus).toBe('paid')
    expect(
      (await ctx.app.inject({ url: '/api/orders/00000000-0000-4000-8000-000000000000' })).statusCode,
    ).toBe(404)
    const patch = (orderStatus: string) =>
      ctx.app.inject({ method: 'PATCH', url: `/api/orders/${id}`, payload: { orderStatus } })

    const illegal = await patch('delivered')
    expect(illegal.statusCode).toBe(409)
    expect(illegal.json()).toMatchObject({
      code: 'INVALID_STATUS_TRANSITION',
      details: { from: 'paid', to: 'delivered' },
    })
    for (const next of ['preparing', 'shipped', 'delivered']) {
      const response = await patch(next)
      expect(response.statusCode).toBe(200)
      expect(response.json().data.orderStatus).toBe(next)
    }
    expect((await patch('refunded')).statusCode).toBe(409)
    // An unpaid order cannot be marked paid by hand: only a verified payment does that.
    const unpaid = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/orders/${orderIds[1]}`,
      payload: { orderStatus: 'paid' },
    })
    expect(unpaid.statusCode).toBe(409)
    const cancel = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/orders/${orderIds[1]}`,
      payload: { orderStatus: 'cancelled' },
    })
    expect(cancel.json().data.orderStatus).toBe('cancelled')
  })
})

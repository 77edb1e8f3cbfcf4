import { PACKAGE_SIZE } from '@tavlin/contracts'
import { and, eq, ne } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { orders, packages, productSizes } from '../../db/schema/index.js'
import { saleRequest } from '../../test/factories.js'
import { STOCKED_SIZE, useOrdersShop } from '../../test/orders-shop.js'
import { tokenFactory } from '../../test/tokens.js'
import { SANDBOX_CARDS } from '../payments/payplus-sandbox.service.js'

// Stock per size and per package (issue 19, decision 221): reserved with the order,
// given back once when it ends unpaid, kept on a refund unless the goods came back.
const shop = useOrdersShop()
let admin: Record<string, string>
const SMALL = STOCKED_SIZE

beforeAll(async () => {
  const tokens = await tokenFactory(shop.ctx.config, shop.ctx.database.db)
  admin = { authorization: `Bearer ${await tokens.admin()}` }
})

const setStock = shop.setStock

async function stockOf() {
  const { db } = shop.ctx.database
  const [size] = await db
    .select({ stock: productSizes.stock })
    .from(productSizes)
    .where(and(eq(productSizes.productId, shop.ids.productId), eq(productSizes.sizeName, SMALL)))
  const [pack] = await db
    .select({ stock: packages.stock })
    .from(packages)
    .where(eq(packages.id, shop.ids.packageId))
  return { size: size!.stock, pack: pack!.stock }
}

/** One unit of the small size, nothing else: 24.90 + 15 shipping. */
function oneUnit(quantity = 1) {
  const body = saleRequest(shop.ids, { totalPrice: Math.round((24.9 * quantity + 15) * 100) / 100 })
  body.orderItems = [{ ...body.orderItems[0]!, quantity }]
  return body
}

async function history(itemType: 'Product' | 'Package', size: string) {
  const itemId = itemType === 'Product' ? shop.ids.productId : shop.ids.packageId
  const response = await shop.ctx.app.inject({
    url: `/api/admin/stock/history?itemType=${itemType}&itemId=${itemId}&size=${encodeURIComponent(size)}`,
    headers: admin,
  })
  expect(response.statusCode).toBe(200)
  return response.json().data as Array<{
    delta: number
    reason: string
    orderNumber: string | null
    stockAfter: number
  }>
}

describe('checkout reserves stock', () => {
  it('sells the last unit (stock 1) and refuses the next with 409 OUT_OF_STOCK, writing nothing', async () => {
    await setStock(1)
    const first = await shop.sale(oneUnit())
    expect(first.statusCode).toBe(201)
    expect((await stockOf()).size).toBe(0)
    const before = (await shop.ctx.database.db.select({ id: orders.id }).from(orders)).length
    const second = await shop.sale(oneUnit())
    expect(second.statusCode).toBe(409)
    expect(second.json()).toMatchObject({
      code: 'OUT_OF_STOCK',
      details: { items: [{ itemId: shop.ids.productId, size: SMALL, requested: 1, left: 0 }] },
    })
    expect(second.json().details.items[0].name).toMatch(/^ברברה/)
    expect((await shop.ctx.database.db.select({ id: orders.id }).from(orders)).length).toBe(before)
    expect((await stockOf()).size).toBe(0)
    const moves = await history('Product', SMALL)
    expect(moves[0]).toMatchObject({ delta: -1, reason: 'order', stockAfter: 0 })
    expect(moves[0]!.orderNumber).toBe(first.json().data.order.number)
  })

  it('refuses an order asking for more than is left and names every short line; nothing is taken', async () => {
    await setStock(3, 0)
    const response = await shop.sale(withQuantity(4))
    expect(response.statusCode).toBe(409)
    const items = response.json().details.items as Array<Record<string, unknown>>
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ itemType: 'Product', requested: 4, left: 3 }),
        expect.objectContaining({ itemType: 'Package', size: PACKAGE_SIZE, requested: 1, left: 0 }),
      ]),
    )
    expect(await stockOf()).toEqual({ size: 3, pack: 0 })
  })

  it('leaves untracked counts alone (null = not tracked)', async () => {
    await setStock(null, null)
    expect((await shop.sale(withQuantity(50))).statusCode).toBe(201)
    expect(await stockOf()).toEqual({ size: null, pack: null })
  })

  it('gives exactly 3 orders of 30 concurrent checkouts for the last 3 units', async () => {
    await setStock(3)
    const answers = await Promise.all(Array.from({ length: 30 }, () => shop.sale(oneUnit())))
    const codes = answers.map((answer) => answer.statusCode)
    expect(codes.filter((code) => code === 201)).toHaveLength(3)
    expect(codes.filter((code) => code === 409)).toHaveLength(27)
    expect(answers.filter((a) => a.statusCode === 409).every((a) => a.json().code === 'OUT_OF_STOCK')).toBe(
      true,
    )
    expect((await stockOf()).size).toBe(0)
  })
})

function withQuantity(quantity: number) {
  const body = saleRequest(shop.ids, {
    totalPrice: Math.round((24.9 * quantity + 120 + 15) * 100) / 100,
  })
  body.orderItems[0]!.quantity = quantity
  return body
}

describe('stock goes back when an order ends unpaid, once', () => {
  it('a declined payment keeps the units while its page is open, and gives them back when it closes', async () => {
    await setStock(2)
    const sale = await shop.sale(oneUnit(2))
    expect(sale.statusCode).toBe(201)
    expect((await stockOf()).size).toBe(0)
    const { paymentLink, order } = sale.json().data
    await shop.pay(paymentLink, SANDBOX_CARDS.declined)
    expect((await shop.orderRow(order._id)).status).toBe('pending_payment')
    expect((await stockOf()).size).toBe(0)
    // Only this order's page closes here: the earlier tests' unpaid orders are set aside.
    await shop.ctx.database.db
      .update(orders)
      .set({ status: 'cancelled', stockHeld: false })
      .where(and(eq(orders.status, 'pending_payment'), ne(orders.id, order._id)))
    const closed = new Date(Date.now() + (shop.ctx.config.orderPaymentTimeoutMinutes + 1) * 60_000)
    await shop.ctx.app.jobs.reconcilePayments(closed)
    expect((await shop.orderRow(order._id)).status).toBe('failed')
    expect((await stockOf()).size).toBe(2)
    const moves = await history('Product', SMALL)
    expect(moves[0]).toMatchObject({ delta: 2, reason: 'released', stockAfter: 2 })
    // The same failure heard again (a retried callback, reconciliation) gives nothing more.
    await shop.ctx.app.jobs.reconcilePayments(closed)
    expect((await stockOf()).size).toBe(2)
  })

  it('an admin cancelling an unpaid order gives the units back; cancelling again changes nothing', async () => {
    await setStock(1)
    const sale = await shop.sale(oneUnit())
    const id = sale.json().data.order._id
    expect((await stockOf()).size).toBe(0)
    const cancel = () =>
      shop.ctx.app.inject({
        method: 'PATCH',
        url: `/api/orders/${id}`,
        headers: admin,
        payload: { orderStatus: 'cancelled' },
      })
    expect((await cancel()).statusCode).toBe(200)
    expect((await stockOf()).size).toBe(1)
    expect((await cancel()).statusCode).toBe(409)
    expect((await stockOf()).size).toBe(1)
  })

  it('an order left unpaid past the timeout gives the units back when it expires', async () => {
    await setStock(1)
    const sale = await shop.sale(oneUnit())
    const id = sale.json().data.order._id
    // Only this order expires here: the earlier tests' unpaid orders are set aside.
    await shop.ctx.database.db
      .update(orders)
      .set({ status: 'cancelled', stockHeld: false })
      .where(and(eq(orders.status, 'pending_payment'), ne(orders.id, id)))
    await shop.ctx.database.db.update(orders).set({ providerCheckedAt: null })
    await shop.ctx.app.jobs.reconcilePayments(new Date(Date.now() + 61 * 60_000))
    expect((await shop.orderRow(id)).status).toBe('cancelled')
    expect((await stockOf()).size).toBe(1)
  })

  it('an ended order still holding its units (a crash between) is swept by reconciliation', async () => {
    await setStock(0)
    const sale = await shop.sale(oneUnit())
    expect(sale.statusCode).toBe(409)
    await setStock(1)
    const ok = await shop.sale(oneUnit())
    const id = ok.json().data.order._id
    await shop.ctx.database.db.update(orders).set({ status: 'failed' }).where(eq(orders.id, id))
    await shop.ctx.app.jobs.reconcilePayments()
    expect((await stockOf()).size).toBe(1)
    expect((await shop.orderRow(id)).stockHeld).toBe(false)
  })
})

describe('refunds and stock', () => {
  async function paid(quantity: number) {
    const sale = await shop.sale(oneUnit(quantity))
    expect(sale.statusCode).toBe(201)
    const { paymentLink, order } = sale.json().data
    await shop.pay(paymentLink, SANDBOX_CARDS.approved)
    expect((await shop.orderRow(order._id)).status).toBe('paid')
    return order as { _id: string; totalPrice: number }
  }
  const refund = (id: string, payload: object) =>
    shop.ctx.app.inject({ method: 'POST', url: `/api/orders/${id}/refunds`, headers: admin, payload })

  it('a refund keeps the stock taken (the goods went out)', async () => {
    await setStock(5)
    const order = await paid(2)
    expect((await stockOf()).size).toBe(3)
    expect((await refund(order._id, { amount: order.totalPrice })).statusCode).toBe(200)
    expect((await stockOf()).size).toBe(3)
  })

  it('a refund with the goods back returns the units, once across partial refunds', async () => {
    await setStock(5)
    const order = await paid(2)
    expect((await stockOf()).size).toBe(3)
    expect((await refund(order._id, { amount: 10, restock: true })).statusCode).toBe(200)
    expect((await stockOf()).size).toBe(5)
    expect((await refund(order._id, { amount: 5, restock: true })).statusCode).toBe(200)
    expect((await stockOf()).size).toBe(5)
    expect((await history('Product', SMALL))[0]).toMatchObject({ delta: 2, reason: 'restocked' })
  })
})

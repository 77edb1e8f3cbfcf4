import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PACKAGE_SIZE, type AccountOrder, type Reorder } from '@tavlin/contracts'
import { packages, productSizes, products } from '../../db/schema/index.js'
import { asShopper, seedAccountOrder, shopperToken } from '../../test/account-shop.js'
import { buildTestApp, type TestContext } from '../../test/build-test-app.js'
import { seedCatalogue } from '../../test/factories.js'
import { tokenFactory } from '../../test/tokens.js'

describe("the shopper's orders and re-ordering (issue 22)", () => {
  let ctx: TestContext
  let noa: ReturnType<typeof asShopper>
  let dan: ReturnType<typeof asShopper>
  let ids: { productId: string; packageId: string }
  const orderIds: string[] = []

  beforeAll(async () => {
    ctx = await buildTestApp()
    const tokens = await tokenFactory(ctx.config, ctx.database.db)
    noa = asShopper(ctx, await shopperToken(tokens, 'noa'))
    dan = asShopper(ctx, await shopperToken(tokens, 'dan'))
    ids = await seedCatalogue(ctx.database.db)
    const { db } = ctx.database
    const line = { itemId: ids.productId, unitPriceAgorot: 2490, quantity: 1 }
    orderIds.push(
      await seedAccountOrder(db, {
        subject: 'noa',
        lines: [line],
        createdAt: new Date('2026-10-01T10:00:00Z'),
      }),
      await seedAccountOrder(db, {
        subject: 'noa',
        lines: [line],
        createdAt: new Date('2026-11-01T10:00:00Z'),
      }),
      await seedAccountOrder(db, { subject: 'dan', lines: [line] }),
      await seedAccountOrder(db, { subject: null, email: 'noa@tavlin.test', lines: [line] }),
    )
  })
  afterAll(() => ctx.close())

  it('lists only the shopper’s own orders, newest first, a page at a time', async () => {
    const response = await noa('GET', '/api/account/orders?page=1&limit=1')
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    const page = response.json().data as { items: AccountOrder[]; totalItems: number; totalPages: number }
    expect(page.totalItems).toBe(2)
    expect(page.totalPages).toBe(2)
    expect(page.items.map((order) => order._id)).toEqual([orderIds[1]])
    const second = (await noa('GET', '/api/account/orders?page=2&limit=1')).json().data
    expect(second.items.map((order: AccountOrder) => order._id)).toEqual([orderIds[0]])
  })

  it('shows one order with its status, lines, totals and receipt link, and 404 for anyone else’s', async () => {
    const own = await noa('GET', `/api/account/orders/${orderIds[0]}`)
    expect(own.statusCode).toBe(200)
    expect(own.json().data).toMatchObject({
      _id: orderIds[0],
      orderStatus: 'paid',
      orderItems: [{ itemId: ids.productId, size: '100 גרם', quantity: 1, price: 24.9 }],
      subtotal: 24.9,
      shippingFee: 15,
      totalPrice: 39.9,
      delivery: null,
      documentUrl: null,
    })
    for (const other of [orderIds[2], orderIds[3], crypto.randomUUID()]) {
      const response = await noa('GET', `/api/account/orders/${other}`)
      expect(response.statusCode).toBe(404)
      expect(response.json().code).toBe('NOT_FOUND')
    }
    expect((await dan('GET', `/api/account/orders/${orderIds[0]}`)).statusCode).toBe(404)
  })

  it("re-orders at today's prices, capped at stock, and lists what is gone, resized or sold out", async () => {
    const { db } = ctx.database
    const gone = await seedCatalogue(db)
    const soldOut = await seedCatalogue(db)
    const orderId = await seedAccountOrder(db, {
      subject: 'noa',
      lines: [
        { itemId: ids.productId, size: '100 גרם', unitPriceAgorot: 1990, quantity: 3, name: 'שם ישן' },
        { itemId: ids.productId, size: '250 גרם', unitPriceAgorot: 5250, quantity: 1 },
        {
          itemId: ids.packageId,
          itemType: 'Package',
          size: PACKAGE_SIZE,
          unitPriceAgorot: 12000,
          quantity: 2,
        },
        { itemId: gone.productId, unitPriceAgorot: 2490, quantity: 1, name: 'מוצר שנמחק' },
        { itemId: soldOut.productId, size: '250 גרם', unitPriceAgorot: 5250, quantity: 1 },
        { itemId: soldOut.productId, size: '100 גרם', unitPriceAgorot: 2490, quantity: 1 },
      ],
    })
    // Today: the 100 g price rose and 2 units are left; the package is untracked and unchanged;
    // one product was deleted, the other lost its 250 g size and its 100 g is sold out.
    await db
      .update(productSizes)
      .set({ priceAgorot: 2690, stock: 2 })
      .where(and(eq(productSizes.productId, ids.productId), eq(productSizes.sizeName, '100 גרם')))
    await db.update(packages).set({ stock: null }).where(eq(packages.id, ids.packageId))
    await db.delete(products).where(eq(products.id, gone.productId))
    await db
      .delete(productSizes)
      .where(and(eq(productSizes.productId, soldOut.productId), eq(productSizes.sizeName, '250 גרם')))
    await db
      .update(productSizes)
      .set({ stock: 0 })
      .where(and(eq(productSizes.productId, soldOut.productId), eq(productSizes.sizeName, '100 גרם')))

    const response = await noa('POST', `/api/account/orders/${orderId}/reorder`)
    expect(response.statusCode).toBe(200)
    const reorder = response.json().data as Reorder
    const [product] = await db.select().from(products).where(eq(products.id, ids.productId))
    expect(reorder.lines).toEqual([
      {
        itemId: ids.productId,
        itemType: 'Product',
        size: '100 גרם',
        name: product!.name,
        quantity: 2,
        price: 26.9,
        previousPrice: 19.9,
      },
      {
        itemId: ids.productId,
        itemType: 'Product',
        size: '250 גרם',
        name: product!.name,
        quantity: 1,
        price: 52.5,
        previousPrice: null,
      },
      {
        itemId: ids.packageId,
        itemType: 'Package',
        size: PACKAGE_SIZE,
        name: expect.any(String),
        quantity: 2,
        price: 120,
        previousPrice: null,
      },
    ])
    expect(reorder.skipped).toEqual([
      { itemId: gone.productId, itemType: 'Product', size: '100 גרם', name: 'מוצר שנמחק', reason: 'gone' },
      { itemId: soldOut.productId, itemType: 'Product', size: '250 גרם', name: 'ברברה', reason: 'size_gone' },
      {
        itemId: soldOut.productId,
        itemType: 'Product',
        size: '100 גרם',
        name: expect.any(String),
        reason: 'sold_out',
      },
    ])
    expect((await dan('POST', `/api/account/orders/${orderId}/reorder`)).statusCode).toBe(404)
  })
})

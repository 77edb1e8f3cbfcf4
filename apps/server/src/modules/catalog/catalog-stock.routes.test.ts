import { PRODUCT_CATEGORIES } from '@tavlin/contracts'
import { beforeAll, describe, expect, it } from 'vitest'
import { SANDBOX_CARDS } from '../payments/payplus-sandbox.service.js'
import { STOCKED_SIZE, useOrdersShop } from '../../test/orders-shop.js'
import { tokenFactory } from '../../test/tokens.js'

// The admin's side of stock (issue 19, decision 221): the counts in the product and
// package forms, each change in the history with who made it, the low-stock list and its threshold.
const shop = useOrdersShop()
let admin: Record<string, string>
const SMALL = STOCKED_SIZE

beforeAll(async () => {
  const tokens = await tokenFactory(shop.ctx.config, shop.ctx.database.db)
  admin = { authorization: `Bearer ${await tokens.admin()}` }
})

const setStock = shop.setStock

async function history(itemType: 'Product' | 'Package', size: string) {
  const itemId = itemType === 'Product' ? shop.ids.productId : shop.ids.packageId
  const response = await shop.ctx.app.inject({
    url: `/api/admin/stock/history?itemType=${itemType}&itemId=${itemId}&size=${encodeURIComponent(size)}`,
    headers: admin,
  })
  expect(response.statusCode).toBe(200)
  return response.json().data as Array<Record<string, unknown>>
}

describe('admin stock: forms, history, low-stock list and threshold', () => {
  it('sets stock in the product and package forms, records who changed it, and lists low stock', async () => {
    await setStock(null, null)
    const product = (await shop.ctx.app.inject({ url: `/api/products/${shop.ids.productId}` })).json().data
    expect(product.pricing[0].stock).toBeNull()
    const pricing = product.pricing.map((option: Record<string, unknown>, index: number) => ({
      size: option.size,
      price: option.price,
      stock: index === 0 ? 4 : 12,
    }))
    const put = await shop.ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${shop.ids.productId}`,
      headers: admin,
      payload: { ...inputOf(product), pricing },
    })
    expect(put.statusCode).toBe(200)
    expect(put.json().data.pricing.map((o: { stock: number }) => o.stock)).toEqual([4, 12])
    const moves = await history('Product', SMALL)
    expect(moves[0]).toMatchObject({ delta: 4, reason: 'admin', stockAfter: 4 })
    expect(moves[0]!.actor).toBeTruthy()

    const pack = (await shop.ctx.app.inject({ url: `/api/packages/${shop.ids.packageId}` })).json().data
    const putPack = await shop.ctx.app.inject({
      method: 'PUT',
      url: `/api/packages/${shop.ids.packageId}`,
      headers: admin,
      payload: {
        name: pack.name,
        image: pack.image,
        price: pack.price,
        cookingTime: pack.cookingTime,
        peoplesQuantity: pack.peoplesQuantity,
        // The seeded package has no contents; the form requires one.
        items: [{ productId: shop.ids.productId, sizeName: SMALL, quantity: 1 }],
        stock: 6,
      },
    })
    expect(putPack.statusCode).toBe(200)
    expect(putPack.json().data.stock).toBe(6)
    expect((await history('Package', 'package'))[0]).toMatchObject({
      delta: 6,
      reason: 'admin',
      stockAfter: 6,
    })
    // Saving again with the same counts records nothing new.
    await shop.ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${shop.ids.productId}`,
      headers: admin,
      payload: { ...inputOf(product), pricing },
    })
    expect(await history('Product', SMALL)).toHaveLength(1)

    const low = await shop.ctx.app.inject({ url: '/api/admin/stock/low', headers: admin })
    expect(low.json().data.threshold).toBe(5)
    expect(low.json().data.items).toEqual([
      expect.objectContaining({ itemType: 'Product', size: SMALL, stock: 4 }),
    ])
    const set = await shop.ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/stock/settings',
      headers: admin,
      payload: { lowStockThreshold: 6 },
    })
    expect(set.statusCode).toBe(200)
    const lower = (await shop.ctx.app.inject({ url: '/api/admin/stock/low', headers: admin })).json().data
    expect(lower.items.map((i: { stock: number }) => i.stock)).toEqual([4, 6])
  })

  it('shows the units an unpaid order holds apart from what is left, until it is paid', async () => {
    await setStock(5, null)
    const lowItem = async () => {
      const low = await shop.ctx.app.inject({ url: '/api/admin/stock/low', headers: admin })
      return low.json().data.items.find((item: { size: string }) => item.size === SMALL)
    }
    expect(await lowItem()).toMatchObject({ stock: 5, held: 0 })
    const { order, paymentLink } = await shop.newOrder()
    expect(await lowItem()).toMatchObject({ stock: 3, held: 2 })
    expect((await history('Product', SMALL))[0]).toMatchObject({
      delta: -2,
      reason: 'order',
      awaitingPayment: true,
    })
    expect((await shop.pay(paymentLink, SANDBOX_CARDS.approved)).status).toBe(303)
    expect((await shop.orderRow(order._id)).status).toBe('paid')
    expect(await lowItem()).toMatchObject({ stock: 3, held: 0 })
    expect((await history('Product', SMALL))[0]).toMatchObject({ reason: 'order', awaitingPayment: false })
  })

  it('refuses a negative or fractional stock with 400, and the admin endpoints without sign-in', async () => {
    const product = (await shop.ctx.app.inject({ url: `/api/products/${shop.ids.productId}` })).json().data
    const bad = await shop.ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${shop.ids.productId}`,
      headers: admin,
      payload: { ...inputOf(product), pricing: [{ ...product.pricing[0], stock: -1 }] },
    })
    expect(bad.statusCode).toBe(400)
    for (const url of ['/api/admin/stock/low', '/api/admin/stock/settings'])
      expect((await shop.ctx.app.inject({ url })).statusCode).toBe(401)
  })
})

function inputOf(product: Record<string, unknown>) {
  const { _id, createdAt, updatedAt, redWarnings, ...input } = product as Record<string, unknown>
  void _id
  void createdAt
  void updatedAt
  void redWarnings
  // The seeded product has none; the form requires them.
  const { nameInEnglish, nameInHebrew } = PRODUCT_CATEGORIES[0]!
  return {
    ...input,
    categories: [{ nameInEnglish, nameInHebrew }],
    features: { value: [{ title: 'טעם', description: 'חריף' }] },
  }
}

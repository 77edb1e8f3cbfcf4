import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { orderItems, orders } from '../../db/schema/index.js'
import { saleRequest } from '../../test/factories.js'
import { useOrdersShop } from '../../test/orders-shop.js'

// Checkout: pricing, validation, idempotency and the provider failing (orders steps 1–4).
const shop = useOrdersShop()

describe('checkout creates an order and its payment page', () => {
  it('creates a pending order with item snapshots and a sandbox payment page', async () => {
    const { paymentLink, order } = await shop.newOrder()
    expect(order.totalPrice).toBe(184.8)
    expect(order.number).toMatch(/^TV-\d+$/)
    expect(paymentLink).toMatch(/^http:\/\/shop\.test\/sandbox\/payplus\/pay\//)
    const row = await shop.orderRow(order._id)
    expect(row).toMatchObject({
      status: 'pending_payment',
      subtotalAgorot: 16980,
      shippingAgorot: 1500,
      totalAgorot: 18480,
    })
    expect(row.vatAgorot).toBe(18480 - Math.round(18480 / 1.18))
    const items = await shop.ctx.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order._id))
    expect(items.map((i) => [i.name.startsWith('ברברה'), i.size, i.unitPriceAgorot, i.quantity])).toEqual([
      [true, '100 גרם', 2490, 2],
      [false, 'package', 12000, 1],
    ])
    const page = await fetch(new URL(new URL(paymentLink).pathname, shop.ctx.baseUrl))
    const html = await page.text()
    expect(html).toContain('dir="rtl"')
    expect(html).toContain('תבלין')
    expect(html).toContain(order.number)
    expect(html).toContain('<bdi dir="ltr">184.80 ₪</bdi>')
    expect(html).not.toMatch(/₪\s*\d/)
  })

  it('marks the order failed and answers 502 when the provider fails, and a retry gets the same answer', async () => {
    shop.flags.failProvider = true
    try {
      const key = `fail-${Date.now()}`
      const response = await shop.sale(saleRequest(shop.ids), key)
      expect(response.statusCode).toBe(502)
      expect(response.json().code).toBe('PAYMENT_PROVIDER_ERROR')
      const [row] = await shop.ctx.database.db.select().from(orders).where(eq(orders.idempotencyKey, key))
      expect(row).toMatchObject({ status: 'failed', paymentLink: null })
      expect((await shop.sale(saleRequest(shop.ids), key)).statusCode).toBe(502)
    } finally {
      shop.flags.failProvider = false
    }
  })
})

describe('checkout refuses what it cannot charge', () => {
  it('answers 409 PRICE_CHANGED with the current prices when the client total is off by more than 0.01', async () => {
    const ok = await shop.sale(saleRequest(shop.ids, { totalPrice: 184.81 }))
    expect(ok.statusCode).toBe(201)
    const body = saleRequest(shop.ids, { totalPrice: 150 })
    body.orderItems[0]!.price = 10
    const response = await shop.sale(body)
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({
      code: 'PRICE_CHANGED',
      details: {
        totalPrice: 184.8,
        shippingFee: 15,
        subtotal: 169.8,
        orderItems: [{ price: 24.9 }, { price: 120 }],
      },
    })
  })

  it('answers 400 naming the line for an unknown item, an unknown size and a quantity below 1', async () => {
    const unknownSize = saleRequest(shop.ids)
    unknownSize.orderItems[0]!.size = '5 ק״ג'
    expect((await shop.sale(unknownSize)).json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'orderItems.0.size', message: 'validation.sizeNotFound' }],
    })
    const unknownItem = saleRequest(shop.ids)
    unknownItem.orderItems[1]!.itemId = '00000000-0000-4000-8000-000000000000'
    const response = await shop.sale(unknownItem)
    expect(response.statusCode).toBe(400)
    expect(response.json().details).toEqual([
      { field: 'orderItems.1.itemId', message: 'validation.itemNotFound' },
    ])
    const zero = saleRequest(shop.ids)
    zero.orderItems[0]!.quantity = 0
    const zeroResponse = await shop.sale(zero)
    expect(zeroResponse.statusCode).toBe(400)
    expect(JSON.stringify(zeroResponse.json().details)).toContain('orderItems.0.quantity')
    const badCustomer = saleRequest(shop.ids, {
      customer: { ...saleRequest(shop.ids).customer, phone: '050' },
    })
    expect(JSON.stringify((await shop.sale(badCustomer)).json().details)).toContain('validation.phoneMin')
    // Nine characters: under the spec's floor of ten (decision 253).
    const nineDigits = saleRequest(shop.ids, {
      customer: { ...saleRequest(shop.ids).customer, phone: '02-123456' },
    })
    const nineDigitsResponse = await shop.sale(nineDigits)
    expect(nineDigitsResponse.statusCode).toBe(400)
    expect(nineDigitsResponse.json().details).toEqual([
      { field: expect.stringMatching(/customer\.phone$/), message: 'validation.phoneMin' },
    ])
  })
})

describe('checkout with an Idempotency-Key', () => {
  it('returns the same order for a retry with the same Idempotency-Key, and refuses the key for another cart', async () => {
    const key = `retry-${Date.now()}`
    const [first, second] = await Promise.all([
      shop.sale(saleRequest(shop.ids), key),
      shop.sale(saleRequest(shop.ids), key),
    ])
    expect(first.statusCode).toBe(201)
    expect(second.statusCode).toBe(201)
    expect(second.json().data).toEqual(first.json().data)
    const third = await shop.sale(saleRequest(shop.ids), key)
    expect(third.json().data.order._id).toBe(first.json().data.order._id)
    const rows = await shop.ctx.database.db.select().from(orders).where(eq(orders.idempotencyKey, key))
    expect(rows).toHaveLength(1)
    const other = saleRequest(shop.ids)
    other.orderItems[0]!.quantity = 3
    other.totalPrice = 209.7
    expect((await shop.sale(other, key)).statusCode).toBe(409)
  })
})

import { randomUUID } from 'node:crypto'
import { asc, count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDashboardRepository } from '../../modules/dashboard/dashboard.repository.js'
import { createDashboardService } from '../../modules/dashboard/dashboard.service.js'
import { openTestDatabase } from '../../test/build-test-app.js'
import type { DatabaseHandle } from '../client.js'
import { orderItems, orderStatusHistory, orders } from '../schema/index.js'
import { PRODUCTS } from './catalogue-data.js'
import { DEMO_ORDER_DAYS, insertDemoOrders } from './demo-orders.js'

// A Wednesday morning in Israel, 09:00 (UTC+2).
const NOW = new Date('2026-02-18T07:00:00Z').getTime()

describe('demo orders', () => {
  let database: DatabaseHandle
  let drop: () => Promise<void>
  let written: number
  const productIdByName = new Map(PRODUCTS.map((product) => [product.name, randomUUID()]))

  beforeAll(async () => {
    ;({ database, drop } = await openTestDatabase())
    written = await database.db.transaction((tx) => insertDemoOrders(tx, productIdByName, 0.18, NOW))
  })
  afterAll(async () => {
    await database.close()
    await drop()
  })

  const db = () => database.db

  it('writes a few weeks of orders, none in the future, with a refunded and a cancelled one', async () => {
    const rows = await db().select().from(orders).orderBy(asc(orders.createdAt))
    expect(rows).toHaveLength(written)
    expect(written).toBeGreaterThanOrEqual(DEMO_ORDER_DAYS)
    const days = (rows.at(-1)!.createdAt.getTime() - rows[0]!.createdAt.getTime()) / 86_400_000
    expect(days).toBeGreaterThan(DEMO_ORDER_DAYS - 1)
    expect(rows.every((row) => row.createdAt.getTime() <= NOW)).toBe(true)
    const statuses = new Set(rows.map((row) => row.status))
    expect([...statuses].sort()).toEqual([
      'cancelled',
      'delivered',
      'paid',
      'preparing',
      'refunded',
      'shipped',
    ])
    expect(rows.filter((row) => row.status === 'refunded')).toHaveLength(1)
    expect(rows.filter((row) => row.status === 'cancelled')).toHaveLength(1)
    expect(rows.find((row) => row.status === 'cancelled')!.paidAt).toBeNull()
  })

  it('adds up: lines times prices, shipping, VAT inside the total; every line a demo product size', async () => {
    const rows = await db().select().from(orders)
    const lines = await db().select().from(orderItems)
    for (const order of rows) {
      const own = lines.filter((line) => line.orderId === order.id)
      expect(own.length).toBeGreaterThan(0)
      const subtotal = own.reduce((sum, line) => sum + line.unitPriceAgorot * line.quantity, 0)
      expect(order.subtotalAgorot).toBe(subtotal)
      expect(order.totalAgorot).toBe(subtotal + order.shippingAgorot)
      expect(order.vatAgorot).toBe(Math.round((order.totalAgorot * 18) / 118))
    }
    for (const line of lines) {
      const product = PRODUCTS.find((candidate) => candidate.name === line.name)!
      expect(line.itemId).toBe(productIdByName.get(product.name))
      expect(product.sizes.find((size) => size.sizeName === line.size)?.priceAgorot).toBe(
        line.unitPriceAgorot,
      )
    }
  })

  it('records each order history from pending payment to its status', async () => {
    const [refunded] = await db().select().from(orders).where(eq(orders.status, 'refunded'))
    const history = await db()
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, refunded!.id))
      .orderBy(asc(orderStatusHistory.at))
    expect(history.map((step) => step.status)).toEqual(['pending_payment', 'paid', 'refunded'])
    expect(history[2]!.refund).toEqual({ amountAgorot: refunded!.totalAgorot, feeAgorot: 0 })
    const [delivered] = await db().select().from(orders).where(eq(orders.status, 'delivered')).limit(1)
    const steps = await db()
      .select({ status: orderStatusHistory.status })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, delivered!.id))
      .orderBy(asc(orderStatusHistory.at))
    expect(steps.map((step) => step.status)).toEqual([
      'pending_payment',
      'paid',
      'preparing',
      'shipped',
      'delivered',
    ])
  })

  it('gives the dashboard figures to show: sales this week, a full chart, orders to prepare', async () => {
    const dashboard = await createDashboardService({
      repository: createDashboardRepository(db()),
      lowStockThreshold: async () => 5,
      cartReminders: async () => ({
        enabled: false,
        days: 30,
        sent: 0,
        ordersFollowed: 0,
        followedTotalAgorot: 0,
      }),
      now: () => new Date(NOW),
      cacheMilliseconds: 0,
    }).dashboard({ topDays: 30 })
    expect(dashboard.week.totalAgorot).toBeGreaterThan(0)
    expect(dashboard.ordersToPrepare).toBeGreaterThan(0)
    expect(dashboard.salesByDay.filter((day) => day.totalAgorot > 0).length).toBeGreaterThanOrEqual(20)
    expect(dashboard.topProducts.items.length).toBeGreaterThan(3)
    expect(dashboard.ordersByStatus.map((entry) => entry.status)).toEqual(
      expect.arrayContaining(['delivered', 'shipped', 'refunded', 'cancelled']),
    )
  })

  it('writes nothing into a shop that already has orders, so a reseed never doubles them', async () => {
    const again = await db().transaction((tx) => insertDemoOrders(tx, productIdByName, 0.18, NOW))
    expect(again).toBe(0)
    const [row] = await db().select({ total: count() }).from(orders)
    expect(row!.total).toBe(written)
    const [lines] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(orderItems)
    expect(lines!.n).toBeGreaterThan(written)
  })
})

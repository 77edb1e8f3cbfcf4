import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { Dashboard } from '@tavlin/contracts'
import {
  cancellationRequests,
  contactMessages,
  eventInquiries,
  orders,
  packages,
  productSizes,
} from '../../db/schema/index.js'
import { buildTestApp, type TestContext } from '../../test/build-test-app.js'
import { seedCatalogue } from '../../test/factories.js'
import { seedOrders, type SeededOrder } from '../../test/seed-orders.js'
import { tokenFactory, type TokenFactory } from '../../test/tokens.js'
import { createDashboardRepository } from './dashboard.repository.js'
import { createDashboardService } from './dashboard.service.js'

const LENTILS = randomUUID()
const BAHARAT = randomUUID()

describe('GET /api/admin/dashboard: the owner morning figures, in Israeli days', () => {
  let ctx: TestContext
  let tokens: TokenFactory

  beforeAll(async () => {
    ctx = await buildTestApp()
    tokens = await tokenFactory(ctx.config, ctx.database.db)
  })
  afterAll(() => ctx.close())
  beforeEach(async () => {
    await ctx.database.db.delete(orders)
  })

  const seed = (...list: SeededOrder[]) => seedOrders(ctx.database.db, ...list)

  const dashboardAt = (now: string, topDays = 30, lowStockThreshold = 5) =>
    createDashboardService({
      repository: createDashboardRepository(ctx.database.db),
      lowStockThreshold: async () => lowStockThreshold,
      // The reminders' own figure is tested in cart-reminders.routes.test.ts.
      cartReminders: async () => ({
        enabled: false,
        days: 30,
        sent: 0,
        ordersFollowed: 0,
        followedTotalAgorot: 0,
      }),
      now: () => new Date(now),
      cacheMilliseconds: 0,
    }).dashboard({ topDays })

  it('counts an order paid at 00:30 Israeli time as today, and compares with yesterday up to the same hour', async () => {
    // 10 June 2026 is summer time (UTC+3): local midnight is 21:00 UTC the day before.
    await seed(
      { status: 'paid', paidAt: '2026-06-09T21:30:00Z', totalAgorot: 10_000 },
      { status: 'shipped', paidAt: '2026-06-10T08:00:00Z', totalAgorot: 5_000 },
      { status: 'paid', paidAt: '2026-06-09T20:30:00Z', totalAgorot: 70_000 },
      { status: 'delivered', paidAt: '2026-06-09T06:00:00Z', totalAgorot: 10_000 },
    )
    const { today } = await dashboardAt('2026-06-10T09:00:00Z')
    expect(today).toEqual({
      from: '2026-06-09T21:00:00.000Z',
      totalAgorot: 15_000,
      orders: 2,
      // 23:30 yesterday is after 12:00 yesterday, so only the morning's order compares.
      previousTotalAgorot: 10_000,
      previousOrders: 1,
      changePercent: 50,
    })
  })

  it('finds midnight in winter time on the day summer time starts (Friday 27 March 2026)', async () => {
    await seed(
      { status: 'paid', paidAt: '2026-03-26T22:30:00Z', totalAgorot: 2_000 },
      { status: 'paid', paidAt: '2026-03-26T21:30:00Z', totalAgorot: 3_000 },
    )
    const dashboard = await dashboardAt('2026-03-27T12:00:00Z')
    expect(dashboard.today).toMatchObject({ from: '2026-03-26T22:00:00.000Z', totalAgorot: 2_000, orders: 1 })
    expect(dashboard.salesByDay.slice(-2)).toEqual([
      { day: '2026-03-26', totalAgorot: 3_000, orders: 1 },
      { day: '2026-03-27', totalAgorot: 2_000, orders: 1 },
    ])
  })

  it('finds midnight in summer time on the day summer time ends (Sunday 25 October 2026)', async () => {
    await seed(
      { status: 'paid', paidAt: '2026-10-24T21:30:00Z', totalAgorot: 4_000 },
      { status: 'paid', paidAt: '2026-10-24T20:30:00Z', totalAgorot: 6_000 },
    )
    const dashboard = await dashboardAt('2026-10-25T12:00:00Z')
    expect(dashboard.today).toMatchObject({ from: '2026-10-24T21:00:00.000Z', totalAgorot: 4_000 })
    expect(dashboard.salesByDay).toHaveLength(30)
    expect(dashboard.salesByDay.at(-2)).toEqual({ day: '2026-10-24', totalAgorot: 6_000, orders: 1 })
  })

  it('starts the week on Sunday and compares with last week up to the same moment', async () => {
    // Sunday 14 June 2026, 12:00 local.
    await seed(
      { status: 'paid', paidAt: '2026-06-13T21:10:00Z', totalAgorot: 1_000 },
      { status: 'paid', paidAt: '2026-06-13T20:00:00Z', totalAgorot: 9_000 },
      { status: 'paid', paidAt: '2026-06-07T08:00:00Z', totalAgorot: 500 },
      { status: 'paid', paidAt: '2026-06-07T10:00:00Z', totalAgorot: 700 },
    )
    const { week } = await dashboardAt('2026-06-14T09:00:00Z')
    expect(week).toEqual({
      from: '2026-06-13T21:00:00.000Z',
      totalAgorot: 1_000,
      orders: 1,
      previousTotalAgorot: 500,
      previousOrders: 1,
      changePercent: 100,
    })
  })

  it('leaves refunded, cancelled, failed and unpaid orders out of the sales, and counts every status', async () => {
    await seed(
      { status: 'paid', paidAt: '2026-06-10T06:00:00Z', totalAgorot: 1_000 },
      { status: 'refunded', paidAt: '2026-06-10T06:00:00Z', totalAgorot: 50_000 },
      { status: 'cancelled', paidAt: null, totalAgorot: 50_000 },
      { status: 'failed', paidAt: null, totalAgorot: 50_000 },
      { status: 'pending_payment', paidAt: null, totalAgorot: 50_000 },
    )
    const dashboard = await dashboardAt('2026-06-10T09:00:00Z')
    expect(dashboard.today).toMatchObject({ totalAgorot: 1_000, orders: 1, changePercent: null })
    const byStatus = Object.fromEntries(dashboard.ordersByStatus.map((entry) => [entry.status, entry.orders]))
    expect(byStatus).toMatchObject({
      paid: 1,
      refunded: 1,
      cancelled: 1,
      failed: 1,
      pending_payment: 1,
      shipped: 0,
    })
  })

  it('counts orders to prepare and orders paid more than two days ago that have not gone out', async () => {
    await seed(
      { status: 'paid', paidAt: '2026-06-07T08:00:00Z', totalAgorot: 1_000 },
      { status: 'preparing', paidAt: '2026-06-07T08:00:00Z', totalAgorot: 1_000 },
      { status: 'paid', paidAt: '2026-06-09T08:00:00Z', totalAgorot: 1_000 },
      { status: 'shipped', paidAt: '2026-06-01T08:00:00Z', totalAgorot: 1_000 },
    )
    const dashboard = await dashboardAt('2026-06-10T09:00:00Z')
    expect(dashboard.ordersToPrepare).toBe(2)
    expect(dashboard.ordersLate).toBe(2)
  })

  it('ranks the items sold in the chosen period by revenue, under the name they were last sold by', async () => {
    await seed(
      {
        status: 'paid',
        paidAt: '2026-06-01T08:00:00Z',
        totalAgorot: 3_000,
        items: [{ itemId: LENTILS, name: 'עדשים', unitPriceAgorot: 1_000, quantity: 3 }],
      },
      {
        status: 'delivered',
        paidAt: '2026-06-09T08:00:00Z',
        totalAgorot: 5_000,
        items: [
          { itemId: LENTILS, name: 'עדשים אדומות', unitPriceAgorot: 1_000, quantity: 1 },
          { itemId: BAHARAT, name: 'בהרט', unitPriceAgorot: 2_000, quantity: 2 },
        ],
      },
      {
        status: 'refunded',
        paidAt: '2026-06-09T08:00:00Z',
        totalAgorot: 90_000,
        items: [{ itemId: BAHARAT, name: 'בהרט', unitPriceAgorot: 90_000, quantity: 1 }],
      },
    )
    const month = await dashboardAt('2026-06-10T09:00:00Z', 30)
    expect(month.topProducts).toEqual({
      days: 30,
      items: [
        { itemId: LENTILS, name: 'עדשים אדומות', revenueAgorot: 4_000, quantity: 4 },
        { itemId: BAHARAT, name: 'בהרט', revenueAgorot: 4_000, quantity: 2 },
      ].sort((a, b) => b.revenueAgorot - a.revenueAgorot || a.name.localeCompare(b.name)),
    })
    const week = await dashboardAt('2026-06-10T09:00:00Z', 7)
    expect(week.topProducts.items.find((item) => item.itemId === LENTILS)).toMatchObject({ quantity: 1 })
  })

  it('counts event inquiries and contact messages no one has marked as handled', async () => {
    await ctx.database.db.insert(contactMessages).values([
      { name: 'א', email: 'a@example.com', phone: '0501234567', subject: 'ש', message: 'הודעה' },
      {
        name: 'ב',
        email: 'b@example.com',
        phone: '0501234567',
        subject: 'ש',
        message: 'הודעה',
        handledAt: new Date(),
      },
    ])
    await ctx.database.db.insert(eventInquiries).values({
      name: 'ג',
      email: 'c@example.com',
      eventDescription: 'אירוע',
      eventDate: '2027-01-01',
    })
    const dashboard = await dashboardAt('2026-06-10T09:00:00Z')
    expect(dashboard.submissionsToAnswer).toBe(2)
    expect(dashboard.cancellationsToDecide).toBe(0)
    const [orderId] = await seed({ status: 'delivered', paidAt: '2026-06-01T08:00:00Z', totalAgorot: 1_000 })
    const notice = { orderId: orderId!, orderNumber: 1, customerName: 'דנה', orderTotalAgorot: 1_000 }
    const figures = { baseAgorot: 1_000, feeAgorot: 50, refundAgorot: 950 } as never
    await ctx.database.db.insert(cancellationRequests).values([
      { ...notice, figures },
      { ...notice, figures, status: 'refunded' },
    ])
    expect((await dashboardAt('2026-06-10T09:00:00Z')).cancellationsToDecide).toBe(1)
    await ctx.database.db.execute(sql`update contact_messages set handled_at = now()`)
  })

  it("counts the sizes and packages at or under the owner's low-stock threshold, and how many are tracked", async () => {
    const now = '2026-06-10T09:00:00Z'
    const db = ctx.database.db
    expect((await dashboardAt(now)).lowStock).toEqual({ count: 0, threshold: 5, tracked: 0 })
    const ids = await seedCatalogue(db)
    await db.update(productSizes).set({ stock: 3 }).where(eq(productSizes.productId, ids.productId))
    await db.update(packages).set({ stock: 8 }).where(eq(packages.id, ids.packageId))
    const sizes = (await db.select().from(productSizes).where(eq(productSizes.productId, ids.productId)))
      .length
    expect((await dashboardAt(now)).lowStock).toEqual({ count: sizes, threshold: 5, tracked: sizes + 1 })
    expect((await dashboardAt(now, 30, 8)).lowStock.count).toBe(sizes + 1)
    expect((await dashboardAt(now, 30, 2)).lowStock.count).toBe(0)
    await db.update(productSizes).set({ stock: null }).where(eq(productSizes.productId, ids.productId))
    await db.update(packages).set({ stock: null }).where(eq(packages.id, ids.packageId))
  })

  it('answers administrators only, and refuses a period it does not offer', async () => {
    const url = '/api/admin/dashboard'
    expect((await ctx.app.inject({ url })).statusCode).toBe(401)
    const customer = { authorization: `Bearer ${await tokens.customer()}` }
    expect((await ctx.app.inject({ url, headers: customer })).statusCode).toBe(403)
    const admin = { authorization: `Bearer ${await tokens.admin()}` }
    const response = await ctx.app.inject({ url: `${url}?topDays=7`, headers: admin })
    expect(response.statusCode, response.body).toBe(200)
    const dashboard = response.json().data as Dashboard
    expect(dashboard).toMatchObject({ timeZone: 'Asia/Jerusalem', topProducts: { days: 7 } })
    expect(dashboard.salesByDay).toHaveLength(30)
    expect(response.headers['cache-control']).toBe('private, no-store')
    const bad = await ctx.app.inject({ url: `${url}?topDays=5`, headers: admin })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' })
  })
})

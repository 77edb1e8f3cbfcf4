import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { AdminOrder, ShipOrdersResult } from '@tavlin/contracts'
import { orderRefunds, orders } from '../../db/schema/index.js'
import { buildTestApp, type TestContext } from '../../test/build-test-app.js'
import { seedOrders } from '../../test/seed-orders.js'
import { tokenFactory } from '../../test/tokens.js'

describe('orders to pack: filters, the accountant export and marking orders shipped', () => {
  let ctx: TestContext
  let admin: Record<string, string>

  beforeAll(async () => {
    ctx = await buildTestApp()
    const tokens = await tokenFactory(ctx.config, ctx.database.db)
    admin = { authorization: `Bearer ${await tokens.admin()}` }
  })
  afterAll(() => ctx.close())
  beforeEach(async () => {
    await ctx.database.db.delete(orders)
  })

  const list = async (query: string) => {
    const response = await ctx.app.inject({ url: `/api/orders?${query}`, headers: admin })
    expect(response.statusCode, response.body).toBe(200)
    return response.json().data as { items: AdminOrder[]; totalItems: number; totalPages: number }
  }
  const csv = async (query: string) => {
    const response = await ctx.app.inject({ url: `/api/orders/export.csv?${query}`, headers: admin })
    expect(response.statusCode, response.body).toBe(200)
    return response
  }

  it('filters by Israeli days, both included, and finds a customer by name or by phone digits', async () => {
    await seedOrders(
      ctx.database.db,
      // 00:30 on 1 June in Israel, still 31 May in UTC.
      { status: 'paid', paidAt: '2026-05-31T21:30:00Z', totalAgorot: 1_000, customer: { firstName: 'רותי' } },
      {
        status: 'paid',
        paidAt: '2026-06-02T20:59:00Z',
        totalAgorot: 2_000,
        customer: { phone: '052 987 6543' },
      },
      { status: 'paid', paidAt: '2026-06-02T21:00:00Z', totalAgorot: 3_000 },
      { status: 'paid', paidAt: '2026-05-31T20:59:00Z', totalAgorot: 4_000 },
    )
    const range = await list('from=2026-06-01&to=2026-06-02')
    expect(range.items.map((order) => order.totalPrice)).toEqual([20, 10])
    expect((await list('search=רותי כהן')).items.map((order) => order.totalPrice)).toEqual([10])
    expect((await list('search=0529876543')).items.map((order) => order.totalPrice)).toEqual([20])
    expect((await list('search=%2B972-52-987-6543')).items.map((order) => order.totalPrice)).toEqual([20])
    expect((await list('search=987-65')).items.map((order) => order.totalPrice)).toEqual([20])
  })

  it('sorts by total or by age and pages past the first ten', async () => {
    await seedOrders(
      ctx.database.db,
      ...Array.from({ length: 12 }, (_, index) => ({
        status: 'paid' as const,
        paidAt: `2026-06-${String(index + 1).padStart(2, '0')}T08:00:00Z`,
        totalAgorot: ((index * 7) % 12) * 100 + 100,
      })),
    )
    const byTotal = await list('sort=total_desc&limit=10')
    expect(byTotal.items[0]!.totalPrice).toBe(12)
    expect(byTotal.totalPages).toBe(2)
    const second = await list('sort=total_desc&limit=10&page=2')
    expect(second.items.map((order) => order.totalPrice)).toEqual([2, 1])
    const oldest = await list('sort=oldest&limit=1')
    expect(oldest.items[0]!.createdAt).toBe('2026-06-01T08:00:00.000Z')
    const bad = await ctx.app.inject({ url: '/api/orders?from=2026-13-01', headers: admin })
    expect(bad.statusCode).toBe(400)
  })

  it('lists the late orders the dashboard counts: paid or preparing for more than two days', async () => {
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString()
    await seedOrders(
      ctx.database.db,
      { status: 'preparing', paidAt: daysAgo(3), totalAgorot: 4_200 },
      { status: 'paid', paidAt: daysAgo(1), totalAgorot: 4_300 },
      { status: 'shipped', paidAt: daysAgo(5), totalAgorot: 4_400 },
    )
    expect((await list('late=true')).items.map((order) => order.totalPrice)).toEqual([42])
  })

  it('exports a day range as CSV with a BOM, Hebrew headers, quoting and neutralised formulas', async () => {
    const [, refunded] = await seedOrders(
      ctx.database.db,
      {
        status: 'paid',
        paidAt: '2026-06-01T08:00:00Z',
        totalAgorot: 12_350,
        customer: { firstName: '=HYPERLINK("http://evil")', lastName: 'כהן, בע"מ' },
        items: [
          { itemId: randomUUID(), name: 'עדשים', unitPriceAgorot: 1_000, quantity: 3 },
          { itemId: randomUUID(), name: 'בהרט', unitPriceAgorot: 9_350, quantity: 1 },
        ],
      },
      { status: 'refunded', paidAt: '2026-06-02T08:00:00Z', totalAgorot: 5_000 },
      { status: 'paid', paidAt: '2026-06-05T08:00:00Z', totalAgorot: 7_000 },
    )
    await ctx.database.db
      .insert(orderRefunds)
      .values({ orderId: refunded!, amountAgorot: 4_750, transactionUid: 'r-1' })
    // A coupon's discount (issue 19) is its own column.
    await ctx.database.db.update(orders).set({ discountAgorot: 500 }).where(eq(orders.id, refunded!))
    // So is the delivery method (decision 228); an order from before methods went by home delivery.
    const pickup = {
      methodId: null,
      kind: 'pickup' as const,
      name: 'איסוף עצמי',
      zoneName: null,
      daysMin: 1,
      daysMax: 1,
    }
    await ctx.database.db
      .update(orders)
      .set({ delivery: { ...pickup, pickupAddress: 'השוק 1', openingHours: '9–18' } })
      .where(eq(orders.id, refunded!))
    const response = await csv('from=2026-06-01&to=2026-06-02')
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="orders-2026-06-01_2026-06-02.csv"',
    )
    const text = response.body
    expect(text.startsWith('\uFEFFמספר הזמנה,תאריך,לקוח,')).toBe(true)
    const rows = text.slice(1).trimEnd().split('\r\n')
    expect(rows).toHaveLength(3)
    expect(rows[1]).toContain(`"'=HYPERLINK(""http://evil"") כהן, בע""מ"`)
    expect(rows[1]).toContain(',שולמה,123.5,0,0,משלוח עד הבית,18.84,123.5,2026-06-01 11:00,')
    expect(rows[2]).toMatch(/,הוחזרה,50,5,0,איסוף עצמי,7.63,50,.*,47.5$/)
  })

  it('writes one row per order line when asked, each with the order beside it', async () => {
    await seedOrders(ctx.database.db, {
      status: 'paid',
      paidAt: '2026-06-01T08:00:00Z',
      totalAgorot: 3_500,
      items: [
        { itemId: randomUUID(), name: 'עדשים', unitPriceAgorot: 1_000, quantity: 3 },
        { itemId: randomUUID(), name: 'כמון', unitPriceAgorot: 500, quantity: 1 },
      ],
    })
    const rows = (await csv('lines=true')).body.slice(1).trimEnd().split('\r\n')
    expect(rows[0]).toMatch(/,פריט,גודל,כמות,מחיר ליחידה,"סה""כ שורה"$/)
    expect(rows.slice(1).map((row) => row.split(',').slice(-5).join(','))).toEqual([
      'עדשים,100 גרם,3,10,30',
      'כמון,100 גרם,1,5,5',
    ])
    expect(rows[1]!.startsWith('TV-')).toBe(true)
  })

  it('streams a large export in batches, every order once', async () => {
    await seedOrders(
      ctx.database.db,
      ...Array.from({ length: 1_205 }, () => ({
        status: 'paid' as const,
        paidAt: '2026-06-01T08:00:00Z',
        totalAgorot: 100,
      })),
    )
    const rows = (await csv('')).body.slice(1).trimEnd().split('\r\n').slice(1)
    expect(rows).toHaveLength(1_205)
    expect(new Set(rows.map((row) => row.split(',')[0])).size).toBe(1_205)
  })

  it('marks paid and preparing orders shipped, through preparing, and leaves the rest', async () => {
    const [paid, preparing, pending] = await seedOrders(
      ctx.database.db,
      { status: 'paid', paidAt: '2026-06-01T08:00:00Z', totalAgorot: 1_000 },
      { status: 'preparing', paidAt: '2026-06-01T08:00:00Z', totalAgorot: 1_000 },
      { status: 'pending_payment', paidAt: null, totalAgorot: 1_000 },
    )
    const unknown = randomUUID()
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/ship',
      headers: admin,
      payload: { ids: [paid, preparing, pending, unknown] },
    })
    expect(response.statusCode, response.body).toBe(200)
    const result = response.json().data as ShipOrdersResult
    expect(result.shipped).toEqual([paid, preparing])
    expect(result.skipped).toEqual([
      { _id: pending, orderNumber: expect.stringMatching(/^TV-/), status: 'pending_payment' },
      { _id: unknown, orderNumber: null, status: null },
    ])
    const order = (await ctx.app.inject({ url: `/api/orders/${paid}`, headers: admin })).json()
      .data as AdminOrder
    expect(order.orderStatus).toBe('shipped')
    expect(order.statusHistory?.map((entry) => entry.status).slice(-2)).toEqual(['preparing', 'shipped'])
    const activity = (
      await ctx.app.inject({ url: '/api/admin/activity?entityType=order', headers: admin })
    ).json()
    expect(activity.data.items.filter((entry: { entityId: string }) => entry.entityId === paid)).toHaveLength(
      2,
    )
  })

  it('is for administrators only, and refuses an empty selection', async () => {
    expect((await ctx.app.inject({ url: '/api/orders/export.csv' })).statusCode).toBe(401)
    const noAuth = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/ship',
      payload: { ids: [randomUUID()] },
    })
    expect(noAuth.statusCode).toBe(401)
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/ship',
      headers: admin,
      payload: { ids: [] },
    })
    expect(empty.statusCode).toBe(400)
  })
})

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { eq, inArray } from 'drizzle-orm'
import type { Courier, TrackingLineError } from '@tavlin/contracts'
import { couriers, orders } from '../../db/schema/index.js'
import { asShopper, seedAccountOrder, shopperToken } from '../../test/account-shop.js'
import { buildTestApp, type TestContext } from '../../test/build-test-app.js'
import { seedOrders } from '../../test/seed-orders.js'
import { tokenFactory } from '../../test/tokens.js'
import { shipmentTrackingOf } from './order-tracking.js'

const ISRAEL_POST_PATTERN = 'https://mypost.israelpost.co.il/itemtrace?itemcode={number}'

describe('couriers and tracking numbers (issue 41)', () => {
  let ctx: TestContext
  let admin: ReturnType<typeof asShopper>
  let shopper: ReturnType<typeof asShopper>
  let israelPost: Courier

  beforeAll(async () => {
    ctx = await buildTestApp()
    const tokens = await tokenFactory(ctx.config, ctx.database.db)
    admin = asShopper(ctx, await tokens.admin())
    shopper = asShopper(ctx, await shopperToken(tokens, 'noa'))
  })
  afterAll(() => ctx.close())
  beforeEach(async () => {
    await ctx.database.db.delete(orders)
    await ctx.database.db.delete(couriers).where(inArray(couriers.name, ['צ׳יטה', 'HFD']))
    const list = (await admin('GET', '/api/admin/couriers')).json().data as Courier[]
    israelPost = list.find((courier) => courier.name === 'דואר ישראל')!
  })

  const paid = async (count = 1) =>
    seedOrders(
      ctx.database.db,
      ...Array.from({ length: count }, () => ({ status: 'paid' as const, paidAt: null, totalAgorot: 5_000 })),
    )
  const numberOf = async (id: string) => {
    const [row] = await ctx.database.db
      .select({ number: orders.number })
      .from(orders)
      .where(eq(orders.id, id))
    return `TV-${row!.number}`
  }
  const setTracking = (id: string, trackingNumber: string, courierId = israelPost._id) =>
    admin('PUT', `/api/orders/${id}/tracking`, { courierId, trackingNumber })

  it('has Israel Post built in; the owner adds an https courier with {number} and removes it', async () => {
    expect(israelPost.urlPattern).toBe(ISRAEL_POST_PATTERN)
    const added = await admin('POST', '/api/admin/couriers', {
      name: ' צ׳יטה ',
      urlPattern: 'https://chita-il.com/track?id={number}',
    })
    expect(added.statusCode, added.body).toBe(201)
    const cheetah = added.json().data as Courier
    expect(cheetah.name).toBe('צ׳יטה')
    const again = await admin('POST', '/api/admin/couriers', {
      name: 'צ׳יטה',
      urlPattern: cheetah.urlPattern,
    })
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('COURIER_NAME_TAKEN')
    expect((await admin('DELETE', `/api/admin/couriers/${cheetah._id}`)).statusCode).toBe(200)
    expect((await admin('DELETE', `/api/admin/couriers/${cheetah._id}`)).statusCode).toBe(404)
  })

  it('refuses a courier address that is not https or has no {number}, naming the field in Hebrew keys', async () => {
    const http = await admin('POST', '/api/admin/couriers', {
      name: 'HFD',
      urlPattern: 'http://hfd.co.il/?n={number}',
    })
    expect(http.statusCode).toBe(400)
    expect(http.json().details).toEqual([{ field: 'body.urlPattern', message: 'tracking.errors.urlHttps' }])
    const noPlace = await admin('POST', '/api/admin/couriers', {
      name: 'HFD',
      urlPattern: 'https://hfd.co.il/',
    })
    expect(noPlace.json().details).toEqual([
      { field: 'body.urlPattern', message: 'tracking.errors.urlPlaceholder' },
    ])
    const customer = await shopper('POST', '/api/admin/couriers', {
      name: 'HFD',
      urlPattern: ISRAEL_POST_PATTERN,
    })
    expect(customer.statusCode).toBe(403)
  })

  it('records a trimmed number on a paid order, shows it to the admin and writes it in the activity log', async () => {
    const [id] = await paid()
    const response = await setTracking(id!, '  RR123456789IL ')
    expect(response.statusCode, response.body).toBe(200)
    const tracking = {
      courierId: israelPost._id,
      courierName: 'דואר ישראל',
      trackingNumber: 'RR123456789IL',
      trackingUrl: 'https://mypost.israelpost.co.il/itemtrace?itemcode=RR123456789IL',
    }
    expect(response.json().data).toEqual(tracking)
    expect((await admin('GET', `/api/orders/${id}`)).json().data.tracking).toEqual(tracking)
    const activity = await admin('GET', `/api/admin/activity?entityType=order&entityId=${id}`)
    expect(activity.json().data.items).toMatchObject([
      { action: 'tracking', summary: `${await numberOf(id!)}: דואר ישראל RR123456789IL` },
    ])
    expect((await admin('DELETE', `/api/orders/${id}/tracking`)).statusCode).toBe(200)
    expect((await admin('GET', `/api/orders/${id}`)).json().data.tracking).toBeNull()
  })

  it('refuses spaces, Hebrew, a wrong length or other signs in the number, with its own message each', async () => {
    const [id] = await paid()
    const cases: Array<[string, string]> = [
      ['RR 1234 IL', 'tracking.errors.numberSpaces'],
      ['RR1234מעקב', 'tracking.errors.numberHebrew'],
      ['RR1', 'tracking.errors.numberLength'],
      ['R'.repeat(41), 'tracking.errors.numberLength'],
      ['RR_1234/IL', 'tracking.errors.numberFormat'],
    ]
    for (const [number, message] of cases) {
      const response = await setTracking(id!, number)
      expect(response.statusCode, number).toBe(400)
      expect(response.json().details).toEqual([{ field: 'body.trackingNumber', message }])
    }
    const [row] = await ctx.database.db.select({ tracking: orders.tracking }).from(orders)
    expect(row!.tracking).toBeNull()
  })

  it('refuses an unknown courier (422), an unpaid order (409) and an unknown order (404)', async () => {
    const [id] = await paid()
    const unknown = await setTracking(id!, 'RR123456789IL', '00000000-0000-4000-8000-000000000000')
    expect(unknown.statusCode).toBe(422)
    expect(unknown.json().code).toBe('COURIER_UNKNOWN')
    const [unpaid] = await seedOrders(ctx.database.db, {
      status: 'pending_payment',
      paidAt: null,
      totalAgorot: 900,
    })
    const early = await setTracking(unpaid!, 'RR123456789IL')
    expect(early.statusCode).toBe(409)
    expect(early.json()).toMatchObject({
      code: 'ORDER_NOT_TRACKABLE',
      details: { status: 'pending_payment' },
    })
    expect((await setTracking('00000000-0000-4000-8000-000000000001', 'RR123456789IL')).statusCode).toBe(404)
  })

  it("shows the tracking on the order's status page, and keeps the link after the courier is removed", async () => {
    const added = await admin('POST', '/api/admin/couriers', {
      name: 'HFD',
      urlPattern: 'https://hfd.co.il/t/{number}',
    })
    const hfd = added.json().data as Courier
    const [id] = await paid()
    await setTracking(id!, 'HF-778899', hfd._id)
    await admin('DELETE', `/api/admin/couriers/${hfd._id}`)
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, id!))
    const status = await ctx.app.inject({ url: `/api/orders/${id}/status?token=${row!.statusToken}` })
    expect(status.json().data.tracking).toEqual({
      courierId: hfd._id,
      courierName: 'HFD',
      trackingNumber: 'HF-778899',
      trackingUrl: 'https://hfd.co.il/t/HF-778899',
    })
    // What the "shipped" e-mail is given (issue 41, part A).
    expect(shipmentTrackingOf(row!.tracking)).toEqual({
      courierName: 'HFD',
      trackingNumber: 'HF-778899',
      trackingUrl: 'https://hfd.co.il/t/HF-778899',
    })
    expect(shipmentTrackingOf(null)).toBeNull()
  })

  it("shows the tracking on the shopper's own order under their account", async () => {
    const id = await seedAccountOrder(ctx.database.db, {
      subject: 'noa',
      lines: [{ itemId: '00000000-0000-4000-8000-000000000002', unitPriceAgorot: 1_000, quantity: 1 }],
    })
    await setTracking(id, 'RR123456789IL')
    const own = await shopper('GET', `/api/account/orders/${id}`)
    expect(own.json().data.tracking).toMatchObject({
      courierName: 'דואר ישראל',
      trackingUrl: 'https://mypost.israelpost.co.il/itemtrace?itemcode=RR123456789IL',
    })
  })

  it('sets many orders from a CSV with a heading, quotes, a BOM and CRLF, for one courier', async () => {
    const ids = await paid(2)
    const [first, second] = await Promise.all(ids.map(numberOf))
    const csv = `\uFEFFמספר הזמנה,מספר מעקב\r\n"${first}","RR111111111IL"\r\n\r\n${second!.slice(3)};RR222222222IL\r\n`
    const response = await admin('POST', '/api/orders/tracking', {
      courierId: israelPost._id,
      trackingList: csv,
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().data.updated).toEqual([
      { number: first, trackingNumber: 'RR111111111IL' },
      { number: second, trackingNumber: 'RR222222222IL' },
    ])
    const rows = await ctx.database.db.select({ tracking: orders.tracking }).from(orders)
    expect(rows.map((row) => row.tracking?.trackingNumber).sort()).toEqual(['RR111111111IL', 'RR222222222IL'])
  })

  it('writes nothing of a list with a bad line, and names every bad line and why', async () => {
    const ids = await paid(2)
    const [unpaid] = await seedOrders(ctx.database.db, {
      status: 'cancelled',
      paidAt: null,
      totalAgorot: 900,
    })
    const [good, twice] = await Promise.all(ids.map(numberOf))
    const list = [
      `${good}\tRR111111111IL`,
      `${twice}, RR 2222 IL`,
      'TV-999999,RR333333333IL',
      `${await numberOf(unpaid!)},RR444444444IL`,
      `${twice},RR5555מעקב`,
      'just one cell',
      `${twice},RR666666666IL`,
      `${twice},RR777777777IL`,
    ].join('\n')
    const response = await admin('POST', '/api/orders/tracking', {
      courierId: israelPost._id,
      trackingList: list,
    })
    expect(response.statusCode).toBe(422)
    expect(response.json().code).toBe('TRACKING_LIST_INVALID')
    const problems = response.json().details as TrackingLineError[]
    expect(problems.map(({ line, problem }) => [line, problem])).toEqual([
      [2, 'numberSpaces'],
      [3, 'unknownOrder'],
      [4, 'notShippable'],
      [5, 'numberHebrew'],
      [6, 'lineFormat'],
      [8, 'duplicateOrder'],
    ])
    const rows = await ctx.database.db.select({ tracking: orders.tracking }).from(orders)
    expect(rows.every((row) => row.tracking === null)).toBe(true)
    const unknownCourier = await admin('POST', '/api/orders/tracking', {
      courierId: '00000000-0000-4000-8000-000000000000',
      trackingList: `${good},RR111111111IL`,
    })
    expect(unknownCourier.statusCode).toBe(422)
    expect(unknownCourier.json().code).toBe('COURIER_UNKNOWN')
  })

  it('refuses a list longer than 200 lines as a whole', async () => {
    const list = Array.from({ length: 201 }, (_, index) => `TV-${2000 + index},RR${100000 + index}IL`).join(
      '\n',
    )
    const response = await admin('POST', '/api/orders/tracking', {
      courierId: israelPost._id,
      trackingList: list,
    })
    expect(response.statusCode).toBe(422)
    expect(response.json().details).toEqual([{ line: 0, problem: 'tooManyLines', text: '' }])
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ActivityEntry, AdminOrder } from '@tavlin/contracts'
import { SANDBOX_CARDS } from '../payments/payplus-sandbox.service.js'
import { buildTestApp, type TestContext } from '../../test/build-test-app.js'
import { packageInput, productInput, recipeInput } from '../../test/catalog-factory.js'
import { saleRequest, seedCatalogue, testCustomer } from '../../test/factories.js'
import { tokenFactory, type TokenFactory } from '../../test/tokens.js'

const ADMIN_SUBJECT = '00000000-0000-4000-8000-000000000001'

describe('audit: admin changes, order status history and the activity list', () => {
  let ctx: TestContext & { baseUrl: string }
  let tokens: TokenFactory
  let admin: Record<string, string>

  beforeAll(async () => {
    ctx = await buildTestApp({}, {}, { listen: true })
    tokens = await tokenFactory(ctx.config, ctx.database.db)
    admin = { authorization: `Bearer ${await tokens.admin()}` }
  })
  afterAll(() => ctx.close())

  const activity = async (query = '') => {
    const response = await ctx.app.inject({ url: `/api/admin/activity${query}`, headers: admin })
    expect(response.statusCode, response.body).toBe(200)
    return response.json().data as { items: ActivityEntry[]; totalItems: number; totalPages: number }
  }

  it('records who created, updated and deleted catalogue items, newest first', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      payload: productInput({ name: 'ברברה לבדיקה' }),
      headers: admin,
    })
    expect(created.statusCode).toBe(201)
    const id = created.json().data._id as string
    const updated = await ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      payload: productInput({ name: 'ברברה חריפה' }),
      headers: admin,
    })
    expect(updated.statusCode).toBe(200)
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: admin })).statusCode,
    ).toBe(200)
    const recipe = await ctx.app.inject({
      method: 'POST',
      url: '/api/recipes',
      payload: recipeInput(),
      headers: admin,
    })
    // The package's contents: a product put straight into the tables, so it adds no activity.
    const { productId } = await seedCatalogue(ctx.database.db)
    const pkg = await ctx.app.inject({
      method: 'POST',
      url: '/api/packages',
      payload: packageInput({ items: [{ productId, sizeName: '100 גרם', quantity: 1 }] }),
      headers: admin,
    })
    expect([recipe.statusCode, pkg.statusCode]).toEqual([201, 201])
    // A refused write is not a change.
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: admin })).statusCode,
    ).toBe(404)

    const { items } = await activity()
    expect(items.map((e) => [e.action, e.entityType])).toEqual([
      ['create', 'package'],
      ['create', 'recipe'],
      ['delete', 'product'],
      ['update', 'product'],
      ['create', 'product'],
    ])
    expect(items[2]).toMatchObject({
      actorSubject: ADMIN_SUBJECT,
      actorEmail: 'admin@tavlin.test',
      entityId: id,
      summary: 'ברברה חריפה',
    })
    expect(items[4]!.summary).toBe('ברברה לבדיקה')
    expect(Date.parse(items[0]!.at)).toBeGreaterThanOrEqual(Date.parse(items[4]!.at))

    const onlyThis = await activity(`?entityType=product&entityId=${id}&limit=2`)
    expect(onlyThis).toMatchObject({ totalItems: 3, totalPages: 2 })
    expect(onlyThis.items.map((e) => e.action)).toEqual(['delete', 'update'])
  })

  it('keeps each order status with who changed it, and shows the verified payment', async () => {
    const ids = await seedCatalogue(ctx.database.db)
    const sale = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/generate-sale',
      payload: saleRequest(ids),
    })
    expect(sale.statusCode).toBe(201)
    const { paymentLink, order } = sale.json().data as {
      paymentLink: string
      order: { _id: string; number: string }
    }
    // The shopper pays on the sandbox's hosted page; its signed callback marks the order paid.
    const paid = await fetch(new URL(new URL(paymentLink).pathname, ctx.baseUrl), {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({
        card_number: SANDBOX_CARDS.approved,
        card_holder_name: 'נועה כהן',
        identification_number: '123456782',
        expiry_month: '12',
        expiry_year: String(new Date().getFullYear() + 2),
        cvv: '123',
      }),
    })
    expect(paid.status).toBe(303)
    const patch = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order._id}`,
      payload: { orderStatus: 'preparing' },
      headers: admin,
    })
    expect(patch.statusCode, patch.body).toBe(200)

    const detail = (await ctx.app.inject({ url: `/api/orders/${order._id}`, headers: admin })).json()
      .data as AdminOrder
    expect(detail.statusHistory?.map(({ status, actorEmail }) => ({ status, actorEmail }))).toEqual([
      { status: 'pending_payment', actorEmail: null },
      { status: 'paid', actorEmail: null },
      { status: 'preparing', actorEmail: 'admin@tavlin.test' },
    ])
    expect(detail.payment).toEqual({
      cardHolderName: 'נועה כהן',
      // The transaction look-up names the brand with PayPlus's id for it (2: Visa).
      brandId: 2,
      brandName: 'visa',
      fourDigits: '0000',
      identificationNumber: '******782',
    })
    const [entry] = (await activity('?entityType=order')).items
    expect(entry).toMatchObject({
      action: 'status',
      entityId: order._id,
      actorEmail: 'admin@tavlin.test',
      summary: `${order.number}: paid → preparing`,
    })
  })

  it('records an expired order as changed by the system', async () => {
    const ids = await seedCatalogue(ctx.database.db)
    const sale = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/generate-sale',
      payload: saleRequest(ids),
    })
    const id = sale.json().data.order._id as string
    await ctx.app.jobs.reconcilePayments(new Date(Date.now() + 24 * 60 * 60 * 1000))
    const detail = (await ctx.app.inject({ url: `/api/orders/${id}`, headers: admin })).json()
      .data as AdminOrder
    expect(detail.orderStatus).toBe('cancelled')
    expect(detail.statusHistory?.map((h) => [h.status, h.actorEmail])).toEqual([
      ['pending_payment', null],
      ['cancelled', null],
    ])
    expect(detail.payment).toBeNull()
  })

  it('finds orders by part of the number or the e-mail, in any case', async () => {
    const list = async (search: string) => {
      const response = await ctx.app.inject({
        url: `/api/orders?search=${encodeURIComponent(search)}`,
        headers: admin,
      })
      expect(response.statusCode).toBe(200)
      return response.json().data as { items: AdminOrder[]; totalItems: number }
    }
    const all = await list('')
    expect(all.totalItems).toBeGreaterThanOrEqual(2)
    const [newest] = all.items
    expect((await list(newest!.number)).items.map((o) => o._id)).toEqual([newest!._id])
    expect((await list(newest!.number.toLowerCase())).items.map((o) => o._id)).toEqual([newest!._id])
    expect((await list(testCustomer.email.toUpperCase().slice(0, 6))).totalItems).toBe(all.totalItems)
    expect((await list('nobody@nowhere')).totalItems).toBe(0)
    // Pattern characters are literal.
    expect((await list('%')).totalItems).toBe(0)
    expect((await list('_')).totalItems).toBe(0)
    // The list leaves the history out; it is for one order.
    expect(newest!.statusHistory).toBeUndefined()
  })

  it('lists activity for administrators only', async () => {
    expect((await ctx.app.inject({ url: '/api/admin/activity' })).statusCode).toBe(401)
    const customer = await ctx.app.inject({
      url: '/api/admin/activity',
      headers: { authorization: `Bearer ${await tokens.customer()}` },
    })
    expect(customer.statusCode).toBe(403)
    expect(
      (await ctx.app.inject({ url: '/api/admin/activity?entityType=user', headers: admin })).statusCode,
    ).toBe(400)
  })
})

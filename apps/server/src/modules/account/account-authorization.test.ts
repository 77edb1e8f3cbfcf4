import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asShopper, bearer, seedAccountOrder, shopperToken } from '../../test/account-shop.js'
import { buildTestApp, type TestContext } from '../../test/build-test-app.js'
import { seedCatalogue } from '../../test/factories.js'
import { tokenFactory, type TokenFactory } from '../../test/tokens.js'

type Operation = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string }

const address = { street: 'הרצל', streetNum: '1', city: 'חיפה' }

/**
 * Every route of "החשבון שלי" (decision 230), read from the OpenAPI document so a new one
 * cannot be left out: anonymous is 401; another shopper gets a 404 or only their own data,
 * never a 403 that would confirm the thing exists; an admin's token is a shopper like any.
 */
describe('authorisation of the shopper account routes (issue 22)', () => {
  let ctx: TestContext
  let tokens: TokenFactory
  let operations: Operation[]
  const mine = { orderId: '', addressId: '', productId: '' }

  beforeAll(async () => {
    ctx = await buildTestApp()
    tokens = await tokenFactory(ctx.config, ctx.database.db)
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>
    }
    operations = Object.entries(document.paths)
      .filter(([path]) => path === '/api/account' || path.startsWith('/api/account/'))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => ({ method: method.toUpperCase() as Operation['method'], path })),
      )
    const { productId } = await seedCatalogue(ctx.database.db)
    mine.productId = productId
    mine.orderId = await seedAccountOrder(ctx.database.db, {
      subject: 'owner',
      lines: [{ itemId: productId, unitPriceAgorot: 2490, quantity: 1 }],
    })
    const owner = asShopper(ctx, await shopperToken(tokens, 'owner'))
    mine.addressId = (await owner('POST', '/api/account/addresses', address)).json().data._id
  })
  afterAll(() => ctx.close())

  /** The owner's order and address in the path, and a valid body where one is needed. */
  const call = (operation: Operation, headers: Record<string, string>) =>
    ctx.app.inject({
      method: operation.method,
      url: operation.path
        .replace('{orderId}', mine.orderId)
        .replace('{addressId}', mine.addressId)
        .replace('{itemType}', 'Product')
        .replace('{itemId}', mine.productId),
      headers,
      ...(['POST', 'PUT'].includes(operation.method) ? { payload: payloadOf(operation.path) } : {}),
    })

  const payloadOf = (path: string) =>
    path.includes('addresses')
      ? address
      : path.includes('favourites')
        ? { items: [] }
        : { firstName: 'א', lastName: 'ב' }

  it('finds every account route in the document', () => {
    expect(operations.map((o) => `${o.method} ${o.path}`).sort()).toEqual([
      'DELETE /api/account',
      'DELETE /api/account/addresses/{addressId}',
      'DELETE /api/account/favourites/{itemType}/{itemId}',
      'GET /api/account',
      'GET /api/account/addresses',
      'GET /api/account/favourites',
      'GET /api/account/orders',
      'GET /api/account/orders/{orderId}',
      'GET /api/account/reviews',
      'POST /api/account/addresses',
      'POST /api/account/addresses/{addressId}/default',
      'POST /api/account/claim-orders',
      'POST /api/account/favourites/merge',
      'POST /api/account/orders/{orderId}/reorder',
      'POST /api/account/reviews/{itemType}/{itemId}',
      'PUT /api/account',
      'PUT /api/account/addresses/{addressId}',
      'PUT /api/account/favourites/{itemType}/{itemId}',
      'PUT /api/account/reviews/{itemType}/{itemId}',
    ])
  })

  it('answers 401 to anonymous callers on every account route', async () => {
    for (const operation of operations) {
      const response = await call(operation, {})
      expect(response.statusCode, `${operation.method} ${operation.path}`).toBe(401)
      expect(response.json().code).toBe('UNAUTHORIZED')
    }
  })

  it("gives another shopper, and an admin, a 404 for the owner's order and address, never a 403", async () => {
    for (const token of [await shopperToken(tokens, 'stranger'), await tokens.admin()]) {
      for (const operation of operations.filter((o) => /\{(orderId|addressId)\}/.test(o.path))) {
        const response = await call(operation, bearer(token))
        expect(response.statusCode, `${operation.method} ${operation.path}`).toBe(404)
      }
      const lists = asShopper(ctx, token)
      expect((await lists('GET', '/api/account/orders')).json().data.totalItems).toBe(0)
      expect((await lists('GET', '/api/account/addresses')).json().data.items).toEqual([])
    }
  })

  it("lets an admin's token use the admin's own account like any shopper's", async () => {
    const admin = asShopper(ctx, await tokens.admin())
    expect((await admin('GET', '/api/account')).json().data).toMatchObject({ email: 'admin@tavlin.test' })
    expect((await admin('PUT', '/api/account', { firstName: 'מנהלת', lastName: 'החנות' })).statusCode).toBe(
      200,
    )
    const saved = await admin('POST', '/api/account/addresses', address)
    expect(saved.statusCode).toBe(201)
    expect((await admin('GET', '/api/account/addresses')).json().data.items).toHaveLength(1)
  })

  it("leaves the owner's order and address as they were", async () => {
    const owner = asShopper(ctx, await shopperToken(tokens, 'owner'))
    expect((await owner('GET', `/api/account/orders/${mine.orderId}`)).statusCode).toBe(200)
    expect((await owner('GET', '/api/account/addresses')).json().data.items).toMatchObject([
      { _id: mine.addressId, isDefault: true },
    ])
  })

  it("answers 403 to a shopper's token on admin routes, the owner's order among them", async () => {
    const shopper = bearer(await shopperToken(tokens, 'owner'))
    for (const url of ['/api/admin/me', '/api/admin/dashboard', '/api/admin/activity']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: shopper })
      expect(response.statusCode, url).toBe(403)
      expect(response.json().code).toBe('FORBIDDEN')
    }
    const order = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${mine.orderId}`,
      headers: shopper,
    })
    expect(order.statusCode).toBe(403)
  })
})

import crypto from 'node:crypto'
import { PACKAGE_SIZE, PRODUCT_CATEGORIES } from '@tavlin/contracts'
import { and, eq, like } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  adminActivity,
  mailOutbox,
  orders,
  productSizes,
  products,
  stockAlerts,
} from '../../db/schema/index.js'
import { confirmLink, confirmationMails, confirmationToken } from '../../test/confirmation-mail.js'
import { saleRequest, seedCatalogue } from '../../test/factories.js'
import { freshIp } from '../../test/form-fixtures.js'
import { STOCKED_SIZE, useOrdersShop } from '../../test/orders-shop.js'
import { tokenFactory, type TokenFactory } from '../../test/tokens.js'

// Back-in-stock alerts per size (issue 36, decision 277): asked for a sold-out size only,
// waiting once the address confirmed it, mailed once when the size has units again.
const shop = useOrdersShop()
let tokens: TokenFactory
let admin: Record<string, string>

beforeAll(async () => {
  tokens = await tokenFactory(shop.ctx.config, shop.ctx.database.db)
  admin = { authorization: `Bearer ${await tokens.admin()}` }
})
beforeEach(() => shop.setStock(0, 0))

const product = (size = STOCKED_SIZE) => ({ itemType: 'Product', itemId: shop.ids.productId, size })

const ask = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  shop.ctx.app.inject({
    method: 'POST',
    url: '/api/stock-alerts',
    payload,
    headers,
    remoteAddress: freshIp(),
  })

/** Asks, and confirms the link mailed for it. */
async function enrol(email: string, item: Record<string, unknown> = product()) {
  expect((await ask({ ...item, email })).statusCode).toBe(202)
  expect((await confirmLink(shop.ctx, await confirmationToken(shop.ctx, email))).statusCode).toBe(200)
}

const alertsOf = (email: string) =>
  shop.ctx.database.db.select().from(stockAlerts).where(eq(stockAlerts.email, email))
const alertMails = (email: string) =>
  shop.ctx.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), like(mailOutbox.dedupeKey, 'stock-alert:%')))

/** The seeded product's STOCKED_SIZE (the package sold out). */
const setSize = (stock: number | null) => shop.setStock(stock, 0)

describe('asking for an alert', () => {
  it('refuses a size in stock (409), an unknown item or size (404) and a bad e-mail (400), storing nothing', async () => {
    await setSize(3)
    const inStock = await ask({ ...product(), email: 'instock@example.com' })
    expect(inStock.statusCode).toBe(409)
    expect(inStock.json()).toMatchObject({ code: 'STOCK_ALERT_IN_STOCK' })
    // An untracked count is always in stock.
    await setSize(null)
    expect((await ask({ ...product(), email: 'instock@example.com' })).json().code).toBe(
      'STOCK_ALERT_IN_STOCK',
    )
    const unknown = [
      { ...product(), itemId: crypto.randomUUID() },
      product('5 ק״ג'),
      { itemType: 'Package', itemId: crypto.randomUUID(), size: PACKAGE_SIZE },
      { itemType: 'Package', itemId: shop.ids.packageId, size: '100 גרם' },
    ]
    for (const item of unknown) {
      const response = await ask({ ...item, email: 'unknown@example.com' })
      expect(response.statusCode, JSON.stringify(item)).toBe(404)
      expect(response.json().code).toBe('NOT_FOUND')
    }
    for (const email of ['not-an-email', '', 'a@b']) {
      const response = await ask({ ...product(), email })
      expect(response.statusCode).toBe(400)
      expect(response.json().code).toBe('VALIDATION_ERROR')
    }
    for (const email of ['instock@example.com', 'unknown@example.com'])
      expect(await confirmationMails(shop.ctx, email)).toHaveLength(0)
    expect(await shop.ctx.database.db.select().from(stockAlerts)).toHaveLength(0)
  })

  it('waits only once confirmed from the mailbox, and a second request or click makes no second alert', async () => {
    const email = 'wait.for.it@example.com'
    expect((await ask({ ...product(), email: 'Wait.For.It@example.com' })).statusCode).toBe(202)
    // A second press at once sends no second link.
    expect((await ask({ ...product(), email })).statusCode).toBe(202)
    const mails = await confirmationMails(shop.ctx, email)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.text).toContain(`(${STOCKED_SIZE})`)
    // Nothing waits before the link is used: nobody can enrol a stranger.
    expect(await alertsOf(email)).toHaveLength(0)
    const token = await confirmationToken(shop.ctx, email)
    const preview = await shop.ctx.app.inject({
      method: 'POST',
      url: '/api/confirmations/preview',
      payload: { token },
    })
    expect(preview.json().data).toMatchObject({ purpose: 'stock-alert', email })
    expect(preview.json().data.itemLabel).toContain(STOCKED_SIZE)
    expect((await confirmLink(shop.ctx, token)).statusCode).toBe(200)
    expect((await confirmLink(shop.ctx, token)).json().code).toBe('LINK_USED')
    expect(await alertsOf(email)).toHaveLength(1)
    // Asking again for the same size while it waits sends nothing and adds nothing.
    expect((await ask({ ...product(), email })).statusCode).toBe(202)
    expect(await confirmationMails(shop.ctx, email)).toHaveLength(1)
    expect(await alertsOf(email)).toHaveLength(1)
  })

  it('limits the sizes one mailbox may wait for, aliases together (429)', async () => {
    const email = 'many.sizes@example.com'
    const rows = Array.from({ length: 30 }, () => ({
      confirmationId: crypto.randomUUID(),
      email,
      mailbox: email,
      itemType: 'Product' as const,
      itemId: crypto.randomUUID(),
      size: '100 גרם',
      requestedAt: new Date(),
      confirmedAt: new Date(),
    }))
    await shop.ctx.database.db.insert(stockAlerts).values(rows)
    const refused = await ask({ ...product(), email: 'many.sizes+more@example.com' })
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ code: 'STOCK_ALERT_LIMIT_REACHED', details: { max: 30 } })
    await shop.ctx.database.db.delete(stockAlerts).where(eq(stockAlerts.email, email))
  })
})

describe('the one mail when the size is back', () => {
  it('mails once when the owner restocks, with a link to the product and size, and not again', async () => {
    const email = 'restock@example.com'
    await enrol(email)
    // Still sold out: nothing.
    expect((await shop.ctx.app.jobs.sendStockAlerts()).sent).toBe(0)
    const counts = await shop.ctx.app.inject({ url: '/api/admin/stock/alerts', headers: admin })
    expect(counts.json().data.items).toContainEqual(
      // The earlier test's address waits for it too.
      expect.objectContaining({ itemId: shop.ids.productId, size: STOCKED_SIZE, waiting: 2, stock: 0 }),
    )
    const dashboard = (await shop.ctx.app.inject({ url: '/api/admin/dashboard', headers: admin })).json()
    expect(dashboard.data.stockAlerts).toMatchObject({
      total: 2,
      items: [{ name: expect.any(String), size: STOCKED_SIZE, waiting: 2 }],
    })
    // The owner's restock in the product form.
    const current = (await shop.ctx.app.inject({ url: `/api/products/${shop.ids.productId}` })).json().data
    const put = await shop.ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${shop.ids.productId}`,
      headers: admin,
      payload: {
        ...inputOf(current),
        pricing: current.pricing.map((option: Record<string, unknown>, index: number) => ({
          size: option.size,
          price: option.price,
          stock: index === 0 ? 5 : option.stock,
        })),
      },
    })
    expect(put.statusCode, put.body).toBe(200)
    await Promise.all([shop.ctx.app.jobs.sendStockAlerts(), shop.ctx.app.jobs.sendStockAlerts()])
    await shop.ctx.app.jobs.sendStockAlerts()
    const mails = await alertMails(email)
    expect(mails).toHaveLength(1)
    const url = `${shop.ctx.config.publicUrl}/products/${shop.ids.productId}/info?size=${encodeURIComponent(STOCKED_SIZE)}`
    expect(mails[0]!.text).toContain(url)
    expect(mails[0]!.subject).toContain('חזר למלאי')
    expect(await alertsOf(email)).toHaveLength(0)
    // Sold out and back again: nobody waits, nothing more.
    await setSize(0)
    await setSize(4)
    await shop.ctx.app.jobs.sendStockAlerts()
    expect(await alertMails(email)).toHaveLength(1)
  })

  it("mails when a cancelled order's units come back, for a package too", async () => {
    const email = 'cancelled@example.com'
    await shop.setStock(1, 1)
    const body = saleRequest(shop.ids, { totalPrice: 24.9 + 120 + 15 })
    body.orderItems[0]!.quantity = 1
    const sale = await shop.sale(body)
    expect(sale.statusCode, sale.body).toBe(201)
    await enrol(email, { itemType: 'Package', itemId: shop.ids.packageId, size: PACKAGE_SIZE })
    await shop.ctx.app.jobs.sendStockAlerts()
    expect(await alertMails(email)).toHaveLength(0)
    const cancelled = await shop.ctx.app.inject({
      method: 'PATCH',
      url: `/api/orders/${sale.json().data.order._id}`,
      headers: admin,
      payload: { orderStatus: 'cancelled' },
    })
    expect(cancelled.statusCode).toBe(200)
    await shop.ctx.app.jobs.sendStockAlerts()
    const mails = await alertMails(email)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.text).toContain(`/packages/${shop.ids.packageId}/info`)
    await shop.ctx.database.db.update(orders).set({ stockHeld: false })
  })

  it('mails nobody when the size or the product was deleted, and drops their alerts', async () => {
    const { db } = shop.ctx.database
    const { productId } = await seedCatalogue(db)
    await db.update(productSizes).set({ stock: 0 }).where(eq(productSizes.productId, productId))
    await enrol('size.gone@example.com', { itemType: 'Product', itemId: productId, size: '250 גרם' })
    await enrol('product.gone@example.com', { itemType: 'Product', itemId: productId, size: '100 גרם' })
    await db
      .delete(productSizes)
      .where(and(eq(productSizes.productId, productId), eq(productSizes.sizeName, '250 גרם')))
    expect(await shop.ctx.app.jobs.sendStockAlerts()).toEqual({ sent: 0, dropped: 1 })
    expect(await alertsOf('product.gone@example.com')).toHaveLength(1)
    // Back in stock and deleted before the job looked: nobody is sent to a missing page.
    await db.update(productSizes).set({ stock: 8 }).where(eq(productSizes.productId, productId))
    await db.delete(products).where(eq(products.id, productId))
    expect(await shop.ctx.app.jobs.sendStockAlerts()).toEqual({ sent: 0, dropped: 1 })
    for (const email of ['size.gone@example.com', 'product.gone@example.com']) {
      expect(await alertMails(email)).toHaveLength(0)
      expect(await alertsOf(email)).toHaveLength(0)
    }
  })
})

describe("the owner's list and the person's erasure", () => {
  it('lets the owner drop a waiting list, in the activity log; admins only', async () => {
    await enrol('dropped@example.com')
    const query = `itemType=Product&itemId=${shop.ids.productId}&size=${encodeURIComponent(STOCKED_SIZE)}`
    const stranger = { authorization: `Bearer ${await tokens.customer()}` }
    expect(
      (await shop.ctx.app.inject({ url: '/api/admin/stock/alerts', headers: stranger })).statusCode,
    ).toBe(403)
    expect((await shop.ctx.app.inject({ url: '/api/admin/stock/alerts' })).statusCode).toBe(401)
    const dropped = await shop.ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/stock/alerts?${query}`,
      headers: admin,
    })
    expect(dropped.json().data.dropped).toBeGreaterThanOrEqual(1)
    expect(await alertsOf('dropped@example.com')).toHaveLength(0)
    const entries = await shop.ctx.database.db
      .select()
      .from(adminActivity)
      .where(eq(adminActivity.entityId, shop.ids.productId))
    expect(entries.some((entry) => entry.summary.includes('עדכון כשיחזור למלאי'))).toBe(true)
  })

  it("removes a person's alerts when their data is erased, and a deleted account's own", async () => {
    await enrol('erase.alerts@example.com')
    const shopper = {
      authorization: `Bearer ${await tokens.sign({ sub: 'alert-shopper', email: 'leaving@example.com', email_verified: true })}`,
    }
    expect((await ask({ ...product(), email: 'other.box@example.com' }, shopper)).statusCode).toBe(202)
    await confirmLink(shop.ctx, await confirmationToken(shop.ctx, 'other.box@example.com'))
    expect((await alertsOf('other.box@example.com'))[0]?.subject).toBe('alert-shopper')
    expect(
      (await shop.ctx.app.inject({ method: 'DELETE', url: '/api/account', headers: shopper })).statusCode,
    ).toBe(200)
    expect(await alertsOf('other.box@example.com')).toHaveLength(0)

    const email = 'erase.alerts@example.com'
    const asked = await shop.ctx.app.inject({
      method: 'POST',
      url: '/api/privacy/deletion-requests',
      payload: { email },
      remoteAddress: freshIp(),
    })
    expect(asked.statusCode).toBe(201)
    await confirmLink(shop.ctx, await confirmationToken(shop.ctx, email))
    const list = await shop.ctx.app.inject({ url: '/api/admin/privacy/deletion-requests', headers: admin })
    const request = list.json().data.items.find((item: { email: string }) => item.email === email)
    const erased = await shop.ctx.app.inject({
      method: 'POST',
      url: `/api/admin/privacy/deletion-requests/${request._id}/erase`,
      headers: admin,
    })
    expect(erased.statusCode, erased.body).toBe(200)
    expect(await alertsOf(email)).toHaveLength(0)
  })
})

/** The product form's body from the product as the API returns it (as catalog-stock.routes.test.ts). */
function inputOf(current: Record<string, unknown>) {
  const input = { ...current }
  for (const key of ['_id', 'createdAt', 'updatedAt', 'redWarnings']) delete input[key]
  const { nameInEnglish, nameInHebrew } = PRODUCT_CATEGORIES[0]!
  return {
    ...input,
    categories: [{ nameInEnglish, nameInHebrew }],
    features: { value: [{ title: 'טעם', description: 'חריף' }] },
  }
}

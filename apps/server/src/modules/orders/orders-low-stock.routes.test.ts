import { PACKAGE_SIZE, PRODUCT_CATEGORIES } from '@tavlin/contracts'
import { and, eq, like, ne } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { mailOutbox, orders, packages, productSizes } from '../../db/schema/index.js'
import { saleRequest } from '../../test/factories.js'
import { STOCKED_SIZE, useOrdersShop } from '../../test/orders-shop.js'
import { tokenFactory } from '../../test/tokens.js'
import { SANDBOX_CARDS } from '../payments/payplus-sandbox.service.js'

// The owner's low-stock e-mail (issue 19, decision 229): written with the order that takes a
// count from above the threshold to at or under it, once per crossing, only when turned on.
const shop = useOrdersShop()
let admin: Record<string, string>
const SMALL = STOCKED_SIZE

beforeAll(async () => {
  const tokens = await tokenFactory(shop.ctx.config, shop.ctx.database.db)
  admin = { authorization: `Bearer ${await tokens.admin()}` }
})

// Each test counts its own e-mails.
beforeEach(async () => {
  await shop.ctx.database.db.delete(mailOutbox).where(like(mailOutbox.dedupeKey, 'low-stock:%'))
})

async function settings(payload: { lowStockThreshold: number; lowStockEmail?: boolean }) {
  const response = await shop.ctx.app.inject({
    method: 'PUT',
    url: '/api/admin/stock/settings',
    headers: admin,
    payload,
  })
  expect(response.statusCode).toBe(200)
  return response.json().data
}

function lowStockMails() {
  return shop.ctx.database.db.select().from(mailOutbox).where(like(mailOutbox.dedupeKey, 'low-stock:%'))
}

async function sizeStock() {
  const [row] = await shop.ctx.database.db
    .select({ stock: productSizes.stock })
    .from(productSizes)
    .where(and(eq(productSizes.productId, shop.ids.productId), eq(productSizes.sizeName, SMALL)))
  return row!.stock
}

/** `quantity` of the small size (24.90 each), and the package (120) when `withPackage`; 15 shipping. */
function order(quantity: number, withPackage = false) {
  const body = saleRequest(shop.ids, {
    totalPrice: Math.round((24.9 * quantity + (withPackage ? 120 : 0) + 15) * 100) / 100,
  })
  body.orderItems = [{ ...body.orderItems[0]!, quantity }, ...(withPackage ? [body.orderItems[1]!] : [])]
  return body
}

async function productName() {
  return (await shop.ctx.app.inject({ url: `/api/products/${shop.ids.productId}` })).json().data
    .name as string
}

describe('the low-stock e-mail setting', () => {
  it('is off by default, is saved with the threshold, and refuses a non-boolean with 400', async () => {
    const read = await shop.ctx.app.inject({ url: '/api/admin/stock/settings', headers: admin })
    expect(read.json().data).toEqual({ lowStockThreshold: 5, lowStockEmail: false })
    expect(await settings({ lowStockThreshold: 4, lowStockEmail: true })).toEqual({
      lowStockThreshold: 4,
      lowStockEmail: true,
    })
    const again = await shop.ctx.app.inject({ url: '/api/admin/stock/settings', headers: admin })
    expect(again.json().data).toEqual({ lowStockThreshold: 4, lowStockEmail: true })
    const bad = await shop.ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/stock/settings',
      headers: admin,
      payload: { lowStockThreshold: 4, lowStockEmail: 'yes' },
    })
    expect(bad.statusCode).toBe(400)
    // A body without it (an older client) means off: no e-mail the owner did not ask for.
    expect(await settings({ lowStockThreshold: 5 })).toEqual({ lowStockThreshold: 5, lowStockEmail: false })
  })

  it('sends nothing when it is off', async () => {
    await settings({ lowStockThreshold: 5, lowStockEmail: false })
    await shop.setStock(6)
    expect((await shop.sale(order(1))).statusCode).toBe(201)
    expect(await sizeStock()).toBe(5)
    expect(await lowStockMails()).toHaveLength(0)
  })
})

describe('when it is on', () => {
  beforeAll(() => settings({ lowStockThreshold: 5, lowStockEmail: true }))

  it('an order taking a size from above the threshold to it writes one e-mail to the shop', async () => {
    await shop.setStock(7)
    const sale = await shop.sale(order(2))
    expect(sale.statusCode).toBe(201)
    const mails = await lowStockMails()
    expect(mails).toHaveLength(1)
    const [mail] = mails
    const name = await productName()
    expect(mail!.to).toBe(shop.ctx.config.shopEmail)
    expect(mail!.subject).toContain(`מלאי נמוך — ${name} (${SMALL})`)
    expect(mail!.text).toContain(`ההזמנה ${sale.json().data.order.number}`)
    expect(mail!.text).toContain('(5 יחידות)')
    expect(mail!.text).toContain(`- ${name} (${SMALL}): נותרו 5`)
    expect(mail!.text).toContain(`${shop.ctx.config.publicUrl}/admin?section=stock`)
    expect(mail!.html).toContain(`href="${shop.ctx.config.publicUrl}/admin?section=stock"`)
    expect(mail!.html).toContain('lang="he" dir="rtl"')
  })

  it('an order on a count already at or under the threshold writes nothing', async () => {
    await shop.setStock(5)
    expect((await shop.sale(order(1))).statusCode).toBe(201)
    expect((await shop.sale(order(4))).statusCode).toBe(201)
    expect(await sizeStock()).toBe(0)
    expect(await lowStockMails()).toHaveLength(0)
  })

  it('an order rolled back (another line out of stock) writes nothing', async () => {
    await shop.setStock(6, 0)
    const sale = await shop.sale(order(1, true))
    expect(sale.statusCode).toBe(409)
    expect(sale.json().code).toBe('OUT_OF_STOCK')
    expect(await sizeStock()).toBe(6)
    expect(await lowStockMails()).toHaveLength(0)
  })

  it('several counts crossing in one order make one e-mail listing them, a package by its name', async () => {
    await shop.setStock(6, 6)
    expect((await shop.sale(order(3, true))).statusCode).toBe(201)
    const mails = await lowStockMails()
    expect(mails).toHaveLength(1)
    const [pack] = await shop.ctx.database.db
      .select({ name: packages.name })
      .from(packages)
      .where(eq(packages.id, shop.ids.packageId))
    expect(mails[0]!.subject).toContain('מלאי נמוך ב־2 פריטים')
    expect(mails[0]!.text).toContain(`- ${await productName()} (${SMALL}): נותרו 3`)
    expect(mails[0]!.text).toContain(`- ${pack!.name}: נותרו 5`)
    expect(mails[0]!.text).not.toContain(PACKAGE_SIZE)
  })

  it('says "אזל מהמלאי" when the order took the last units', async () => {
    await shop.setStock(6)
    expect((await shop.sale(order(6))).statusCode).toBe(201)
    const [mail] = await lowStockMails()
    expect(mail!.text).toContain(`(${SMALL}): אזל מהמלאי`)
  })

  it('crosses again after units are given back, and after the admin restocks; the hand edit itself sends nothing', async () => {
    await shop.setStock(6)
    const first = await shop.sale(order(1))
    expect(first.statusCode).toBe(201)
    expect(await lowStockMails()).toHaveLength(1)
    // An order cancelled unpaid gives the unit back: 6 again, above the threshold.
    await shop.ctx.app.inject({
      method: 'PATCH',
      url: `/api/orders/${first.json().data.order._id}`,
      headers: admin,
      payload: { orderStatus: 'cancelled' },
    })
    expect(await sizeStock()).toBe(6)
    expect((await shop.sale(order(1))).statusCode).toBe(201)
    expect(await lowStockMails()).toHaveLength(2)

    // The admin types 3 (under the threshold): they did it, so no e-mail; then restocks to 10.
    await setSizeByHand(3)
    expect(await lowStockMails()).toHaveLength(2)
    await setSizeByHand(10)
    expect((await shop.sale(order(4))).statusCode).toBe(201)
    expect(await sizeStock()).toBe(6)
    expect(await lowStockMails()).toHaveLength(2)
    expect((await shop.sale(order(1))).statusCode).toBe(201)
    expect(await lowStockMails()).toHaveLength(3)
  })

  it('a late payment retaking the units of an expired order is a reservation too', async () => {
    await shop.setStock(6)
    const sale = await shop.sale(order(1))
    expect(sale.statusCode).toBe(201)
    const { paymentLink, order: placed } = sale.json().data
    // Only this order expires here: the earlier tests' unpaid orders are set aside.
    await shop.ctx.database.db
      .update(orders)
      .set({ status: 'cancelled', stockHeld: false })
      .where(and(eq(orders.status, 'pending_payment'), ne(orders.id, placed._id)))
    await shop.ctx.database.db.update(orders).set({ providerCheckedAt: null })
    await shop.ctx.app.jobs.reconcilePayments(new Date(Date.now() + 61 * 60_000))
    expect((await shop.orderRow(placed._id)).status).toBe('cancelled')
    expect(await sizeStock()).toBe(6)
    // The customer paid on the page still open: the money was taken, so the units are taken again.
    await shop.pay(paymentLink, SANDBOX_CARDS.approved)
    expect((await shop.orderRow(placed._id)).status).toBe('paid')
    expect(await sizeStock()).toBe(5)
    const mails = await lowStockMails()
    expect(mails.map((mail) => mail.dedupeKey).sort()).toEqual([
      `low-stock:late_payment:${placed._id}`,
      `low-stock:order:${placed._id}`,
    ])
  })

  it('many orders at once crossing the threshold make one e-mail', async () => {
    await shop.setStock(8)
    const answers = await Promise.all(Array.from({ length: 10 }, () => shop.sale(order(1))))
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(8)
    expect(await sizeStock()).toBe(0)
    const mails = await lowStockMails()
    expect(mails).toHaveLength(1)
    expect(mails[0]!.text).toContain(`(${SMALL}): נותרו 5`)
  })
})

/** The admin's product form, saving the small size's count (the rest as it is). */
async function setSizeByHand(stock: number) {
  const product = (await shop.ctx.app.inject({ url: `/api/products/${shop.ids.productId}` })).json().data
  const { _id, createdAt, updatedAt, redWarnings, ...input } = product as Record<string, unknown>
  void [_id, createdAt, updatedAt, redWarnings]
  // The seeded product has none; the form requires them.
  const { nameInEnglish, nameInHebrew } = PRODUCT_CATEGORIES[0]!
  const pricing = (
    product.pricing as Array<{ size: { sizeName: string }; price: number; stock: number | null }>
  ).map((option) => ({
    size: option.size,
    price: option.price,
    stock: option.size.sizeName === SMALL ? stock : option.stock,
  }))
  const response = await shop.ctx.app.inject({
    method: 'PUT',
    url: `/api/products/${shop.ids.productId}`,
    headers: admin,
    payload: {
      ...input,
      categories: [{ nameInEnglish, nameInHebrew }],
      features: { value: [{ title: 'טעם', description: 'חריף' }] },
      pricing,
    },
  })
  expect(response.statusCode).toBe(200)
  expect(await sizeStock()).toBe(stock)
}

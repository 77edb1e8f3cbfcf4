import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  ActivityEntry,
  BulkEditOutcome,
  BulkEditRequest,
  LastBulkChange,
  Product,
  StockMovement,
} from '@tavlin/contracts'
import { buildTestApp, type TestContext } from '../../../test/build-test-app.js'
import { productInput } from '../../../test/catalog-factory.js'
import { tokenFactory } from '../../../test/tokens.js'

const flours = { nameInEnglish: 'flours' as const, nameInHebrew: 'קמחים' }
const teff = { nameInEnglish: 'teff' as const, nameInHebrew: 'טף', nameOfParentCategory: 'flours' }

describe('bulk changes of the products from the admin list (issue 37)', () => {
  let ctx: TestContext
  let admin: Record<string, string>
  let customer: Record<string, string>
  let pepper: Product
  let cumin: Product
  let flour: Product

  beforeAll(async () => {
    ctx = await buildTestApp()
    const tokens = await tokenFactory(ctx.config, ctx.database.db)
    admin = { authorization: `Bearer ${await tokens.admin()}` }
    customer = { authorization: `Bearer ${await tokens.customer()}` }
    const create = async (overrides: Parameters<typeof productInput>[0]) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: admin,
        payload: productInput(overrides),
      })
      expect(response.statusCode, response.body).toBe(201)
      return (response.json() as { data: Product }).data
    }
    pepper = await create({ name: 'פלפל שחור לשינוי מרוכז' })
    cumin = await create({
      name: 'כמון לשינוי מרוכז',
      pricing: [{ size: { sizeName: '100 גרם', sizeQuantity: 100 }, price: 9.2, stock: 4 }],
    })
    flour = await create({
      name: 'קמח טף לשינוי מרוכז',
      categories: [{ nameInEnglish: 'spices', nameInHebrew: 'תבלינים' }, flours],
      subCategories: [teff],
    })
  })
  afterAll(() => ctx.close())

  const send = (url: string, payload?: object, headers = admin) =>
    ctx.app.inject({ method: 'POST', url: `/api/admin/products/bulk${url}`, headers, payload })
  // The admin's read: it finds a hidden product too.
  const product = async (id: string) =>
    ((await ctx.app.inject({ url: `/api/admin/products/${id}`, headers: admin })).json() as { data: Product })
      .data
  const prices = async (id: string) => (await product(id)).pricing.map((option) => option.price)
  const latest = async () =>
    (
      (await ctx.app.inject({ url: '/api/admin/products/bulk/latest', headers: admin })).json() as {
        data: LastBulkChange | null
      }
    ).data
  const outcome = (response: { json(): unknown }) => (response.json() as { data: BulkEditOutcome }).data
  const raise = (ids: string[], value: number, rounding: 'agora' | 'ninety'): BulkEditRequest => ({
    selection: { ids },
    action: { kind: 'price', change: { by: 'percent', value }, rounding },
  })

  it('previews a price rise size by size, to the nearest ₪x.90, and writes nothing', async () => {
    const response = await send('/preview', raise([pepper._id, cumin._id], 10, 'ninety'))
    expect(response.statusCode, response.body).toBe(200)
    const { changes, unchanged, applied, bulkChangeId } = outcome(response)
    expect({ unchanged, applied, bulkChangeId }).toEqual({ unchanged: 0, applied: false, bulkChangeId: null })
    // 12.50 × 1.1 = 13.75 → 13.90; 27.90 × 1.1 = 30.69 → 30.90; 9.20 × 1.1 = 10.12 → 9.90.
    expect(changes.map(({ name, after }) => [name, after.sizes.map((size) => size.price)])).toEqual([
      ['כמון לשינוי מרוכז', [9.9]],
      ['פלפל שחור לשינוי מרוכז', [13.9, 30.9]],
    ])
    expect(changes[1]!.before.sizes.map((size) => size.price)).toEqual([12.5, 27.9])
    expect(await prices(pepper._id)).toEqual([12.5, 27.9])
    expect(await latest()).toBeNull()
  })

  it('refuses the whole change, naming each product, when a price would not stay positive', async () => {
    const response = await send('', {
      selection: { ids: [pepper._id, cumin._id] },
      action: { kind: 'price', change: { by: 'amount', value: -10 }, rounding: 'agora' },
    })
    expect(response.statusCode).toBe(422)
    expect(response.json()).toMatchObject({
      code: 'BULK_EDIT_REFUSED',
      details: [{ _id: cumin._id, name: 'כמון לשינוי מרוכז', reason: 'pricePositive' }],
    })
    // All or nothing: the pepper, which could take it, kept its prices.
    expect(await prices(pepper._id)).toEqual([12.5, 27.9])
  })

  it('sets every size’s count with a line in each count’s history, and records the change once', async () => {
    const response = await send('', {
      selection: { ids: [pepper._id, cumin._id] },
      action: { kind: 'stock', stock: 7 },
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(outcome(response).changes).toHaveLength(2)
    expect((await product(pepper._id)).pricing.map((option) => option.stock)).toEqual([7, 7])
    const history = await ctx.app.inject({
      url: `/api/admin/stock/history?itemType=Product&itemId=${cumin._id}&size=${encodeURIComponent('100 גרם')}`,
      headers: admin,
    })
    const movements = (history.json() as { data: StockMovement[] }).data
    expect(movements[0]).toMatchObject({ delta: 3, stockAfter: 7, actor: 'admin@tavlin.test' })
    const activity = await ctx.app.inject({ url: '/api/admin/activity?entityType=product', headers: admin })
    const entries = (activity.json() as { data: { items: ActivityEntry[] } }).data.items
    expect(entries[0]).toMatchObject({
      entityId: outcome(response).bulkChangeId,
      summary: 'שינוי מרוכז: 2 מוצרים (מלאי: 7)',
    })
  })

  it('removes a category with its subcategories from a whole filter, never a product’s last one', async () => {
    const remove = (category: string) => ({ kind: 'category', operation: 'remove', category })
    const refused = await send('/preview', {
      selection: { filter: { filter: 'לשינוי מרוכז' } },
      action: remove('spices'),
    })
    expect(refused.statusCode).toBe(422)
    expect((refused.json().details as Array<{ reason: string }>).map((item) => item.reason)).toEqual([
      'lastCategory',
      'lastCategory',
    ])
    const response = await send('', {
      selection: { filter: { category: 'flours' } },
      action: remove('flours'),
    })
    expect(response.statusCode, response.body).toBe(200)
    const after = await product(flour._id)
    expect(after.categories.map((category) => category.nameInEnglish)).toEqual(['spices'])
    expect(after.subCategories).toEqual([])
  })

  it('adds a category, leaving the products that have it unchanged', async () => {
    const response = await send('', {
      selection: { ids: [pepper._id, flour._id] },
      action: { kind: 'category', operation: 'add', category: 'flours' },
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(outcome(response).changes.map((change) => change.name)).toEqual([
      'פלפל שחור לשינוי מרוכז',
      'קמח טף לשינוי מרוכז',
    ])
    const again = await send('/preview', {
      selection: { ids: [pepper._id, flour._id] },
      action: { kind: 'category', operation: 'add', category: 'flours' },
    })
    expect(outcome(again)).toMatchObject({ changes: [], unchanged: 2 })
  })

  it('undoes the latest change once, keeping a price the owner edited since', async () => {
    const applied = outcome(await send('', raise([pepper._id, cumin._id], -10, 'agora')))
    expect(await prices(pepper._id)).toEqual([11.25, 25.11])
    // The owner edits the cumin's price by hand after the bulk change.
    const edited = await product(cumin._id)
    const { _id, createdAt, updatedAt, redWarnings, ...input } = edited
    void [_id, createdAt, updatedAt, redWarnings]
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${cumin._id}`,
      headers: admin,
      payload: { ...input, pricing: [{ ...input.pricing[0]!, price: 15 }] },
    })
    expect(put.statusCode, put.body).toBe(200)
    expect(await latest()).toMatchObject({ _id: applied.bulkChangeId, count: 2, undone: false })

    const undo = await send(`/${applied.bulkChangeId}/undo`)
    expect(undo.statusCode, undo.body).toBe(200)
    expect(undo.json().data).toEqual({
      restored: 1,
      keptChangedSince: [{ _id: cumin._id, name: 'כמון לשינוי מרוכז' }],
    })
    expect(await prices(pepper._id)).toEqual([12.5, 27.9])
    expect(await prices(cumin._id)).toEqual([15])
    expect(await latest()).toMatchObject({ undone: true })
    expect((await send(`/${applied.bulkChangeId}/undo`)).statusCode).toBe(409)
  })

  it('undoes only the latest change, and answers precisely for bad requests and strangers', async () => {
    const first = outcome(await send('', raise([pepper._id], 5, 'agora')))
    await send('', raise([pepper._id], 5, 'agora'))
    expect((await send(`/${first.bulkChangeId}/undo`)).statusCode).toBe(409)
    expect((await send('/00000000-0000-4000-8000-000000000000/undo')).statusCode).toBe(404)
    const missing = await send('/preview', raise(['00000000-0000-4000-8000-000000000000'], 5, 'agora'))
    expect(missing.statusCode).toBe(404)
    const zero = await send('/preview', raise([pepper._id], 0, 'agora'))
    expect(zero.statusCode).toBe(400)
    expect(JSON.stringify(zero.json())).toContain('validation.bulkEdit.percent')
    const none = await send('/preview', { selection: { ids: [] }, action: { kind: 'stock', stock: 1 } })
    expect(none.statusCode).toBe(400)
    expect((await send('', raise([pepper._id], 5, 'agora'), customer)).statusCode).toBe(403)
    expect((await send('', raise([pepper._id], 5, 'agora'), {})).statusCode).toBe(401)
  })

  it('hides products from the shop and undoes it, keeping one the owner showed again by hand', async () => {
    const shop = async () =>
      (
        (
          await ctx.app.inject({ url: `/api/products?filter=${encodeURIComponent('לשינוי מרוכז')}` })
        ).json() as {
          data: { items: Product[] }
        }
      ).data.items.map((item) => item.name)
    const hide = {
      selection: { ids: [pepper._id, flour._id] },
      action: { kind: 'visibility', isHidden: true },
    }
    const preview = outcome(await send('/preview', hide))
    expect(preview.changes.map(({ name, before, after }) => [name, before.isHidden, after.isHidden])).toEqual(
      [
        ['פלפל שחור לשינוי מרוכז', false, true],
        ['קמח טף לשינוי מרוכז', false, true],
      ],
    )
    const applied = outcome(await send('', hide))
    expect(await shop()).toEqual(['כמון לשינוי מרוכז'])
    // The admin's list of hidden products is a selection of its own.
    const hiddenOnes = outcome(
      await send('/preview', {
        selection: { filter: { filter: 'לשינוי מרוכז', visibility: 'hidden' } },
        action: { kind: 'visibility', isHidden: true },
      }),
    )
    expect(hiddenOnes).toMatchObject({ changes: [], unchanged: 2 })
    const activity = await ctx.app.inject({ url: '/api/admin/activity?entityType=product', headers: admin })
    expect((activity.json() as { data: { items: ActivityEntry[] } }).data.items[0]!.summary).toBe(
      'שינוי מרוכז: 2 מוצרים (הסתרה מהחנות)',
    )
    // The owner shows the flour again by hand before the undo.
    const { _id, createdAt, updatedAt, redWarnings, ...input } = await product(flour._id)
    void [_id, createdAt, updatedAt, redWarnings]
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${flour._id}`,
      headers: admin,
      payload: { ...input, isHidden: false },
    })
    expect(put.statusCode, put.body).toBe(200)

    const undo = await send(`/${applied.bulkChangeId}/undo`)
    expect(undo.json().data).toEqual({
      restored: 1,
      keptChangedSince: [{ _id: flour._id, name: 'קמח טף לשינוי מרוכז' }],
    })
    expect((await product(pepper._id)).isHidden).toBe(false)
    expect(await shop()).toHaveLength(3)
  })
})

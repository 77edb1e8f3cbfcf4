import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Product } from '@tavlin/contracts'
import { allowAllAdmins, buildTestApp, type TestContext } from '../../../test/build-test-app.js'
import { create, productInput } from '../../../test/catalog-factory.js'

type Page = { items: Product[]; currentPage: number; totalPages: number; totalItems: number }

describe('products API', () => {
  let ctx: TestContext
  let pepper: Product
  let berbere: Product
  let teff: Product
  let coffee: Product

  beforeAll(async () => {
    ctx = await buildTestApp({}, {}, { requireAdmin: allowAllAdmins })
    pepper = await create<Product>(
      ctx.app,
      'products',
      productInput({
        name: 'פלפל שחור',
        nameInEnglish: 'Black pepper',
        shortDescription: 'פִּלְפֵּל שָׁחֹר גרוס, חריף ועשיר',
      }),
    )
    berbere = await create<Product>(
      ctx.app,
      'products',
      productInput({
        name: 'ברברה',
        nameInEnglish: 'Berbere',
        shortDescription: 'תערובת תבלינים אתיופית עם צ׳ילי',
        subCategories: [
          { nameInEnglish: 'spice-blends', nameInHebrew: 'תערובות תבלינים', nameOfParentCategory: 'spices' },
        ],
      }),
    )
    teff = await create<Product>(
      ctx.app,
      'products',
      productInput({
        name: 'קמח טף',
        shortDescription: 'קמח טף חום ללא גלוטן',
        categories: [{ nameInEnglish: 'flours', nameInHebrew: 'קמחים' }],
        subCategories: [{ nameInEnglish: 'teff', nameInHebrew: 'טף', nameOfParentCategory: 'flours' }],
      }),
    )
    coffee = await create<Product>(
      ctx.app,
      'products',
      productInput({
        name: 'קפה בונה',
        shortDescription: 'פולי קפה קלויים מחבש, 100% ערביקה',
        categories: [{ nameInEnglish: 'beverages', nameInHebrew: 'משקאות' }],
      }),
    )
  })
  afterAll(() => ctx.close())

  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers })
  const page = async (url: string): Promise<Page> => {
    const response = await get(url)
    expect(response.statusCode, response.body).toBe(200)
    return (response.json() as { data: Page }).data
  }
  const names = (p: Page) => p.items.map((item) => item.name)

  it('returns the wire shape: _id, shekels, taxonomy names, pricing in order, features', async () => {
    const response = await get(`/api/products/${berbere._id}`)
    expect(response.statusCode).toBe(200)
    const { success, data } = response.json() as { success: boolean; data: Product }
    expect(success).toBe(true)
    expect(data).toMatchObject({
      _id: berbere._id,
      name: 'ברברה',
      nameInEnglish: 'Berbere',
      pricing: [
        { size: { sizeName: '100 גרם', sizeQuantity: 100 }, price: 12.5 },
        { size: { sizeName: '250 גרם', sizeQuantity: 250 }, price: 27.9 },
      ],
      categories: [{ nameInEnglish: 'spices', nameInHebrew: 'תבלינים' }],
      subCategories: [
        { nameInEnglish: 'spice-blends', nameInHebrew: 'תערובות תבלינים', nameOfParentCategory: 'spices' },
      ],
      features: { value: [{ title: 'מקור', description: 'אתיופיה' }] },
    })
    expect(new Date(data.createdAt).toISOString()).toBe(data.createdAt)
  })

  it('lists newest first with the paged shape and a default limit of 12', async () => {
    const all = await page('/api/products')
    expect(names(all)).toEqual(['קפה בונה', 'קמח טף', 'ברברה', 'פלפל שחור'])
    expect(all).toMatchObject({ currentPage: 1, totalPages: 1, totalItems: 4 })
    const second = await page('/api/products?page=2&limit=3')
    expect(names(second)).toEqual(['פלפל שחור'])
    expect(second).toMatchObject({ currentPage: 2, totalPages: 2, totalItems: 4 })
    const beyond = await page('/api/products?page=9&limit=3')
    expect(beyond).toMatchObject({ items: [], currentPage: 9, totalPages: 2, totalItems: 4 })
  })

  it('filters by category, subcategory and excludes an id', async () => {
    expect(names(await page('/api/products?category=spices'))).toEqual(['ברברה', 'פלפל שחור'])
    expect(names(await page('/api/products?category=spices&subCategory=spice-blends'))).toEqual(['ברברה'])
    expect(names(await page('/api/products?subCategory=teff'))).toEqual(['קמח טף'])
    expect(names(await page(`/api/products?category=spices&exclude=${pepper._id}`))).toEqual(['ברברה'])
  })

  it.each([
    ['פלפל', ['פלפל שחור']],
    ['פלפ', ['פלפל שחור']],
    ['שחור', ['פלפל שחור']],
    ['פִּלְפֵּל', ['פלפל שחור']],
    ['קמח טפ', ['קמח טף']],
    ['טף', ['קמח טף']],
    ['צילי', ['ברברה']],
    ['צ׳ילי', ['ברברה']],
    ['BERBERE', ['ברברה']],
    ['berb', ['ברברה']],
    ['black pepper', ['פלפל שחור']],
    ['גלוטן קמח', ['קמח טף']],
    ['100%', ['קפה בונה']],
    ['%', ['קפה בונה', 'קמח טף', 'ברברה', 'פלפל שחור']],
    ['פלפל לבן', []],
  ])('searches %j in a Hebrew-aware way', async (filter, expected) => {
    expect(names(await page(`/api/products?filter=${encodeURIComponent(filter)}`))).toEqual(expected)
  })

  it('combines search with a category', async () => {
    expect(names(await page(`/api/products?category=flours&filter=${encodeURIComponent('קמח')}`))).toEqual([
      'קמח טף',
    ])
    expect(names(await page(`/api/products?category=spices&filter=${encodeURIComponent('קמח')}`))).toEqual([])
  })

  it.each([
    ['page=0', 'query.page'],
    ['limit=1000', 'query.limit'],
    ['limit=abc', 'query.limit'],
    ['category=candy', 'query.category'],
    ['subCategory=candy', 'query.subCategory'],
    ['exclude=42', 'query.exclude'],
  ])('rejects %s with 400 naming %s', async (query, field) => {
    const response = await get(`/api/products?${query}`)
    expect(response.statusCode).toBe(400)
    const body = response.json() as { code: string; details: Array<{ field: string }> }
    expect(body.code).toBe('VALIDATION_ERROR')
    expect(body.details.map((d) => d.field)).toContain(field)
  })

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    const malformed = await get('/api/products/not-a-uuid')
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'params.id' }] })
    const unknown = await get('/api/products/00000000-0000-4000-8000-000000000000')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ success: false, code: 'NOT_FOUND' })
  })

  it('returns a random selection with totalPages from the count', async () => {
    const draw = await page('/api/products/random?page=1&limit=3')
    expect(draw.items).toHaveLength(3)
    expect(new Set(draw.items.map((item) => item._id)).size).toBe(3)
    expect(draw).toMatchObject({ totalPages: 2, totalItems: 4 })
    const seen = new Set<string>()
    for (let i = 0; i < 30; i++) {
      for (const item of (await page('/api/products/random?limit=1')).items) seen.add(item._id)
    }
    // 30 draws of 1 from 4 miss one product with probability about 4·(3/4)^30 ≈ 7e-4.
    expect(seen.size).toBe(4)
  })

  it('finds products by exact names', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/products/names',
      payload: { names: ['ברברה', 'קמח טף', 'סוכר'] },
    })
    expect(response.statusCode).toBe(200)
    const { data } = response.json() as { data: Product[] }
    expect(data.map((p) => p.name).sort()).toEqual(['ברברה', 'קמח טף'])
  })

  describe('HTTP caching', () => {
    it('sends a weak ETag and a revalidating Cache-Control, and 304 on If-None-Match', async () => {
      const first = await get(`/api/products/${teff._id}`)
      const etag = first.headers.etag as string
      expect(etag).toMatch(/^W\/".+"$/)
      expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate')
      const again = await get(`/api/products/${teff._id}`, { 'if-none-match': etag })
      expect(again.statusCode).toBe(304)
      expect(again.body).toBe('')
      const other = await get(`/api/products/${teff._id}`, { 'if-none-match': 'W/"something-else"' })
      expect(other.statusCode).toBe(200)
      const list = await get('/api/products?limit=2')
      expect(
        (await get('/api/products?limit=2', { 'if-none-match': list.headers.etag as string })).statusCode,
      ).toBe(304)
    })

    it('reflects an admin update at once: the old ETag no longer matches', async () => {
      const before = await get(`/api/products/${coffee._id}`)
      const listBefore = await get('/api/products')
      const updated = await ctx.app.inject({
        method: 'PUT',
        url: `/api/products/${coffee._id}`,
        payload: productInput({
          name: 'קפה בונה',
          shortDescription: 'פולי קפה קלויים טריים',
          categories: [{ nameInEnglish: 'beverages', nameInHebrew: 'משקאות' }],
          pricing: [{ size: { sizeName: 'קילו', sizeQuantity: 1000 }, price: 120 }],
        }),
      })
      expect(updated.statusCode, updated.body).toBe(200)
      const after = await get(`/api/products/${coffee._id}`, {
        'if-none-match': before.headers.etag as string,
      })
      expect(after.statusCode).toBe(200)
      expect((after.json() as { data: Product }).data).toMatchObject({
        shortDescription: 'פולי קפה קלויים טריים',
        pricing: [{ size: { sizeName: 'קילו', sizeQuantity: 1000 }, price: 120 }],
      })
      const listAfter = await get('/api/products', { 'if-none-match': listBefore.headers.etag as string })
      expect(listAfter.statusCode).toBe(200)
      // search_text follows the update
      expect(names(await page(`/api/products?filter=${encodeURIComponent('טריים')}`))).toEqual(['קפה בונה'])
    })
  })

  describe('writes', () => {
    it('rejects a subcategory whose parent category is missing, naming the field', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/products',
        payload: productInput({
          subCategories: [
            { nameInEnglish: 'coffee', nameInHebrew: 'קפה', nameOfParentCategory: 'beverages' },
          ],
        }),
      })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: [{ field: 'body.subCategories.0' }],
      })
    })

    it('rejects an unknown category and an invalid price with the field named', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/products',
        payload: {
          ...productInput(),
          categories: [{ nameInEnglish: 'candy', nameInHebrew: 'ממתקים' }],
          pricing: [{ size: { sizeName: 'x', sizeQuantity: 1 }, price: -1 }],
        },
      })
      expect(response.statusCode).toBe(400)
      const fields = (response.json() as { details: Array<{ field: string }> }).details.map((d) => d.field)
      expect(fields).toEqual(
        expect.arrayContaining(['body.categories.0.nameInEnglish', 'body.pricing.0.price']),
      )
    })

    it('answers 409 for a duplicate name', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/products',
        payload: productInput({ name: 'ברברה' }),
      })
      expect(response.statusCode).toBe(409)
      expect(response.json()).toMatchObject({ code: 'CONFLICT', details: [{ field: 'body.name' }] })
    })

    it('deletes, then answers 404', async () => {
      const doomed = await create<Product>(ctx.app, 'products', productInput())
      const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/products/${doomed._id}` })
      expect(removed.statusCode).toBe(200)
      expect(removed.json()).toEqual({ success: true, data: { _id: doomed._id } })
      expect((await get(`/api/products/${doomed._id}`)).statusCode).toBe(404)
      const again = await ctx.app.inject({ method: 'DELETE', url: `/api/products/${doomed._id}` })
      expect(again.statusCode).toBe(404)
      const put = await ctx.app.inject({
        method: 'PUT',
        url: `/api/products/${doomed._id}`,
        payload: productInput(),
      })
      expect(put.statusCode).toBe(404)
    })
  })
})

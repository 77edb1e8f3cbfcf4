import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Package, Product, Recipe } from '@tavlin/contracts'
import { allowAllAdmins, buildTestApp, type TestContext } from '../../../test/build-test-app.js'
import { contentsOf, create, packageInput, productInput, recipeInput } from '../../../test/catalog-factory.js'

type Page = { items: Package[]; currentPage: number; totalPages: number; totalItems: number }

describe('packages API', () => {
  let ctx: TestContext
  let recipe: Recipe
  let berbere: Product
  let niter: Product
  let doro: Package
  let baking: Package

  beforeAll(async () => {
    ctx = await buildTestApp({}, {}, { requireAdmin: allowAllAdmins })
    berbere = await create<Product>(ctx.app, 'products', productInput({ name: 'ברברה' }))
    niter = await create<Product>(ctx.app, 'products', productInput({ name: 'ניטר קיבה' }))
    recipe = await create<Recipe>(ctx.app, 'recipes', recipeInput({ name: 'דורו ווט' }))
    doro = await create<Package>(
      ctx.app,
      'packages',
      packageInput({
        name: 'ערכת דורו ווט',
        description: 'כל התבלינים לתבשיל עוף חגיגי',
        price: 119.9,
        recipeId: recipe._id,
        items: [
          { productId: berbere._id, sizeName: '250 גרם', quantity: 2 },
          { productId: niter._id, sizeName: '100 גרם', quantity: 1 },
        ],
      }),
    )
    baking = await create<Package>(
      ctx.app,
      'packages',
      packageInput({ name: 'ערכת אפייה', items: contentsOf(niter) }),
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

  it('returns a package in shekels with the linked recipe name', async () => {
    const { data } = (await get(`/api/packages/${doro._id}`)).json() as { data: Package }
    expect(data).toMatchObject({
      _id: doro._id,
      name: 'ערכת דורו ווט',
      price: 119.9,
      cookingTime: 60,
      peoplesQuantity: 4,
      recipeId: recipe._id,
      recipeName: 'דורו ווט',
      // The contents in their order, with the products' names; the count is theirs.
      items: [
        { productId: berbere._id, productName: 'ברברה', sizeName: '250 גרם', quantity: 2 },
        { productId: niter._id, productName: 'ניטר קיבה', sizeName: '100 גרם', quantity: 1 },
      ],
      ingredientsQuantity: 2,
    })
    const plain = (await get(`/api/packages/${baking._id}`)).json() as { data: Package }
    expect(plain.data.recipeName).toBeUndefined()
  })

  it('lists newest first, searches, excludes, pages and draws at random', async () => {
    const all = await page('/api/packages')
    expect(all.items.map((p) => p.name)).toEqual(['ערכת אפייה', 'ערכת דורו ווט'])
    expect(all.items[1]?.recipeName).toBe('דורו ווט')
    expect(
      (await page(`/api/packages?filter=${encodeURIComponent('עוף')}`)).items.map((p) => p.name),
    ).toEqual(['ערכת דורו ווט'])
    expect((await page(`/api/packages?exclude=${baking._id}`)).items.map((p) => p._id)).toEqual([doro._id])
    expect(await page('/api/packages?limit=1')).toMatchObject({ totalPages: 2, totalItems: 2 })
    expect(await page('/api/packages/random?limit=2')).toMatchObject({ totalPages: 1, totalItems: 2 })
    const bad = await get('/api/packages?limit=51')
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ details: [{ field: 'query.limit' }] })
  })

  it('validates the linked recipe and the numbers, naming the field', async () => {
    const unknownRecipe = await ctx.app.inject({
      method: 'POST',
      url: '/api/packages',
      payload: packageInput({ recipeId: '00000000-0000-4000-8000-000000000000', items: contentsOf(niter) }),
    })
    expect(unknownRecipe.statusCode).toBe(400)
    expect(unknownRecipe.json()).toMatchObject({ details: [{ field: 'body.recipeId' }] })
    const zero = await ctx.app.inject({
      method: 'POST',
      url: '/api/packages',
      payload: packageInput({ cookingTime: 0, items: contentsOf(niter) }),
    })
    expect(zero.statusCode).toBe(400)
    expect(zero.json()).toMatchObject({ details: [{ field: 'body.cookingTime' }] })
  })

  it.each([
    ['no contents', [], 'body.items', 'validation.packageItemsRequired'],
    [
      'an unknown product',
      [{ productId: '00000000-0000-4000-8000-000000000000', sizeName: '100 גרם', quantity: 1 }],
      'body.items.0.productId',
      'validation.productNotFound',
    ],
    [
      'no product chosen',
      [{ productId: '', sizeName: '100 גרם', quantity: 1 }],
      'body.items.0.productId',
      'validation.packageItemProductRequired',
    ],
    [
      'a size the product does not have',
      'size',
      'body.items.0.sizeName',
      'validation.packageItemSizeNotFound',
    ],
    ['no size', 'no-size', 'body.items.0.sizeName', 'validation.packageItemSizeRequired'],
    ['a quantity of 0', 'zero', 'body.items.0.quantity', 'validation.packageItemQuantityPositive'],
    ['a fractional quantity', 'half', 'body.items.0.quantity', 'validation.packageItemQuantityPositive'],
    ['the same product and size twice', 'twice', 'body.items.1.sizeName', 'validation.packageItemDuplicate'],
  ])('refuses contents with %s, naming the field', async (_case, items, field, message) => {
    const line = { productId: berbere._id, sizeName: '100 גרם', quantity: 1 }
    const byCase: Record<string, unknown[]> = {
      size: [{ ...line, sizeName: '5 ק״ג' }],
      'no-size': [{ ...line, sizeName: ' ' }],
      zero: [{ ...line, quantity: 0 }],
      half: [{ ...line, quantity: 1.5 }],
      twice: [line, { ...line, quantity: 3 }],
    }
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/packages',
      payload: { ...packageInput({ items: [] }), items: typeof items === 'string' ? byCase[items] : items },
    })
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field, message }] })
  })

  it('takes a deleted product out of the packages that held it', async () => {
    const pepper = await create<Product>(ctx.app, 'products', productInput({ name: 'פלפל שחור' }))
    const kit = await create<Package>(
      ctx.app,
      'packages',
      packageInput({ items: [...contentsOf(pepper), ...contentsOf(niter)] }),
    )
    expect(kit.ingredientsQuantity).toBe(2)
    await ctx.app.inject({ method: 'DELETE', url: `/api/products/${pepper._id}` })
    const { data } = (await get(`/api/packages/${kit._id}`)).json() as { data: Package }
    expect(data.items.map((item) => item.productName)).toEqual(['ניטר קיבה'])
    expect(data.ingredientsQuantity).toBe(1)
    await ctx.app.inject({ method: 'DELETE', url: `/api/packages/${kit._id}` })
  })

  it('refuses a package price below 1 ₪ with the "price must be positive" message (spec §5)', async () => {
    for (const price of [0.01, 0.99, 0]) {
      const low = await ctx.app.inject({
        method: 'POST',
        url: '/api/packages',
        payload: packageInput({ price, items: contentsOf(niter) }),
      })
      expect(low.statusCode, `price ${price}`).toBe(400)
      const body = low.json() as { code: string; details: Array<{ field: string; message: string }> }
      expect(body.code).toBe('VALIDATION_ERROR')
      expect(body.details.length).toBeGreaterThan(0)
      for (const detail of body.details)
        expect(detail).toMatchObject({ field: 'body.price', message: 'validation.pricePositive' })
    }
    const one = await ctx.app.inject({
      method: 'POST',
      url: '/api/packages',
      payload: packageInput({ price: 1, items: contentsOf(niter) }),
    })
    expect(one.statusCode, one.body).toBe(201)
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/packages/${(one.json() as { data: Package }).data._id}`,
    })
  })

  it('updates with a fresh ETag and deletes', async () => {
    const before = await get(`/api/packages/${baking._id}`)
    const etag = before.headers.etag as string
    expect((await get(`/api/packages/${baking._id}`, { 'if-none-match': etag })).statusCode).toBe(304)
    const updated = await ctx.app.inject({
      method: 'PUT',
      url: `/api/packages/${baking._id}`,
      payload: packageInput({ name: 'ערכת אפייה', price: 10.05, items: contentsOf(niter) }),
    })
    expect(updated.statusCode).toBe(200)
    const after = await get(`/api/packages/${baking._id}`, { 'if-none-match': etag })
    expect(after.statusCode).toBe(200)
    expect((after.json() as { data: Package }).data.price).toBe(10.05)
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/packages/${baking._id}` })).statusCode).toBe(
      200,
    )
    expect((await get(`/api/packages/${baking._id}`)).statusCode).toBe(404)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Product, Recipe } from '@tavlin/contracts'
import { allowAllAdmins, buildTestApp, type TestContext } from '../../../test/build-test-app.js'
import { create, productInput, recipeInput } from '../../../test/catalog-factory.js'

type Page = { items: Recipe[]; currentPage: number; totalPages: number; totalItems: number }

describe('recipes API', () => {
  let ctx: TestContext
  let lentils: Product
  let misir: Recipe
  let injera: Recipe

  beforeAll(async () => {
    ctx = await buildTestApp({}, {}, { requireAdmin: allowAllAdmins })
    lentils = await create<Product>(
      ctx.app,
      'products',
      productInput({
        name: 'עדשים אדומות',
        categories: [{ nameInEnglish: 'legumes', nameInHebrew: 'קטניות' }],
      }),
    )
    await create<Product>(ctx.app, 'products', productInput({ name: 'ברברה' }))
    misir = await create<Recipe>(
      ctx.app,
      'recipes',
      recipeInput({
        name: 'מיסיר ווט',
        description: 'תבשיל עֲדָשִׁים אדומות חריף בברברה',
        ingredients: [
          { name: 'עדשים', quantity: '2 כוסות', productId: lentils._id },
          { name: 'ברברה', quantity: '2 כפות' },
          { name: 'בצל', quantity: '1' },
        ],
        instructions: [
          { description: 'לטגן בצל' },
          { description: 'להוסיף ברברה' },
          { description: 'להוסיף עדשים' },
        ],
      }),
    )
    injera = await create<Recipe>(
      ctx.app,
      'recipes',
      recipeInput({
        name: 'אינג׳רה',
        description: 'לחם ספוגי מקמח טף',
        categories: [
          { nameInEnglish: 'injera', nameInHebrew: 'אינג׳רה' },
          { nameInEnglish: 'glutenFree', nameInHebrew: 'ללא גלוטן' },
        ],
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

  it('returns ingredients with existsInProducts and instructions ordered by step', async () => {
    const response = await get(`/api/recipes/${misir._id}`)
    expect(response.statusCode).toBe(200)
    const { data } = response.json() as { data: Recipe }
    expect(data.categories).toEqual([{ nameInEnglish: 'stew', nameInHebrew: 'תבשיל' }])
    expect(
      data.ingredients.map(({ name, existsInProducts, productId }) => ({
        name,
        existsInProducts,
        productId,
      })),
    ).toEqual([
      { name: 'עדשים', existsInProducts: true, productId: lentils._id },
      { name: 'ברברה', existsInProducts: true, productId: undefined },
      { name: 'בצל', existsInProducts: false, productId: undefined },
    ])
    expect(data.instructions.map((i) => [i.step, i.description])).toEqual([
      [1, 'לטגן בצל'],
      [2, 'להוסיף ברברה'],
      [3, 'להוסיף עדשים'],
    ])
    expect(data.instructions.every((i) => typeof i._id === 'string')).toBe(true)
  })

  it('lists newest first, by category, by Hebrew-aware search, excluding an id', async () => {
    expect(names(await page('/api/recipes'))).toEqual(['אינג׳רה', 'מיסיר ווט'])
    expect(names(await page('/api/recipes?category=glutenFree'))).toEqual(['אינג׳רה'])
    expect(names(await page(`/api/recipes?filter=${encodeURIComponent('אינגרה')}`))).toEqual(['אינג׳רה'])
    expect(names(await page(`/api/recipes?filter=${encodeURIComponent('עדשים חריף')}`))).toEqual([
      'מיסיר ווט',
    ])
    expect(names(await page(`/api/recipes?exclude=${misir._id}`))).toEqual(['אינג׳רה'])
    expect(await page('/api/recipes?limit=1&page=2')).toMatchObject({
      currentPage: 2,
      totalPages: 2,
      totalItems: 2,
    })
  })

  it('lists the recipes that use a product, linked by id or by its exact name', async () => {
    // מיסיר ווט links its "עדשים" to the lentils by id; אינג׳רה names "עדשים אדומות" unlinked.
    expect(names(await page(`/api/recipes?productId=${lentils._id}`))).toEqual(['אינג׳רה', 'מיסיר ווט'])
    const unused = await create<Product>(ctx.app, 'products', productInput({ name: 'זעתר' }))
    expect(await page(`/api/recipes?productId=${unused._id}`)).toMatchObject({ items: [], totalItems: 0 })
    const unknown = await page('/api/recipes?productId=00000000-0000-4000-8000-000000000000')
    expect(unknown).toMatchObject({ items: [], totalItems: 0, totalPages: 0 })
    // Another ingredient of the same name linked elsewhere does not count: the link wins.
    const other = await create<Recipe>(
      ctx.app,
      'recipes',
      recipeInput({ ingredients: [{ name: 'עדשים אדומות', quantity: 'כוס', productId: unused._id }] }),
    )
    expect(names(await page(`/api/recipes?productId=${lentils._id}`))).not.toContain(other.name)
    expect(names(await page(`/api/recipes?productId=${unused._id}`))).toEqual([other.name])
    await ctx.app.inject({ method: 'DELETE', url: `/api/recipes/${other._id}` })
    const bad = await get('/api/recipes?productId=abc')
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ details: [{ field: 'query.productId' }] })
  })

  it('returns random recipes and answers 400/404 as the products do', async () => {
    const draw = await page('/api/recipes/random?limit=1')
    expect(draw.items).toHaveLength(1)
    expect(draw).toMatchObject({ totalPages: 2, totalItems: 2 })
    const bad = await get('/api/recipes?category=spices')
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ details: [{ field: 'query.category' }] })
    expect((await get('/api/recipes/xyz')).statusCode).toBe(400)
    expect((await get('/api/recipes/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404)
  })

  it('reflects an update at once: new children, new ETag, search follows', async () => {
    const before = await get(`/api/recipes/${injera._id}`)
    expect(before.headers['cache-control']).toBe('public, max-age=0, must-revalidate')
    const etag = before.headers.etag as string
    expect((await get(`/api/recipes/${injera._id}`, { 'if-none-match': etag })).statusCode).toBe(304)
    const updated = await ctx.app.inject({
      method: 'PUT',
      url: `/api/recipes/${injera._id}`,
      payload: recipeInput({
        name: 'אינג׳רה',
        description: 'לחם חמוץ מטף',
        ingredients: [{ name: 'עדשים אדומות', quantity: 'אין' }],
        instructions: [{ description: 'להתסיס שלושה ימים' }],
      }),
    })
    expect(updated.statusCode, updated.body).toBe(200)
    const after = await get(`/api/recipes/${injera._id}`, { 'if-none-match': etag })
    expect(after.statusCode).toBe(200)
    const { data } = after.json() as { data: Recipe }
    expect(data.ingredients).toMatchObject([{ name: 'עדשים אדומות', existsInProducts: true }])
    expect(data.instructions).toMatchObject([{ step: 1, description: 'להתסיס שלושה ימים' }])
    expect(names(await page(`/api/recipes?filter=${encodeURIComponent('חמוץ')}`))).toEqual(['אינג׳רה'])
  })

  it('rejects a link to an unknown product, naming the ingredient', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/recipes',
      payload: recipeInput({
        ingredients: [{ name: 'x', quantity: '1', productId: '00000000-0000-4000-8000-000000000000' }],
      }),
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ details: [{ field: 'body.ingredients.0.productId' }] })
  })

  it('keeps the ingredient when its product is deleted, and deletes recipes', async () => {
    const doomed = await create<Product>(ctx.app, 'products', productInput({ name: 'שמן זית' }))
    const recipe = await create<Recipe>(
      ctx.app,
      'recipes',
      recipeInput({
        ingredients: [{ name: 'שמן', quantity: 'כף', productId: doomed._id }],
      }),
    )
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/products/${doomed._id}` })).statusCode).toBe(
      200,
    )
    const { data } = (await get(`/api/recipes/${recipe._id}`)).json() as { data: Recipe }
    expect(data.ingredients).toMatchObject([{ name: 'שמן', existsInProducts: false }])
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/recipes/${recipe._id}` })).statusCode).toBe(
      200,
    )
    expect((await get(`/api/recipes/${recipe._id}`)).statusCode).toBe(404)
  })
})

describe('recipes API without an administrator', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await buildTestApp()
  })
  afterAll(() => ctx.close())

  it('answers 401 to writes', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/recipes', payload: recipeInput() })
    expect(response.statusCode).toBe(401)
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/recipes/00000000-0000-4000-8000-000000000000',
    })
    expect(removed.statusCode).toBe(401)
  })
})

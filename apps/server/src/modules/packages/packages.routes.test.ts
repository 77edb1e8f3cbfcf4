import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Package, Recipe } from '@tavlin/contracts'
import { allowAllAdmins, buildTestApp, type TestContext } from '../../test/build-test-app.js'
import { create, packageInput, recipeInput } from '../../test/catalog-factory.js'

type Page = { items: Package[]; currentPage: number; totalPages: number; totalItems: number }

describe('packages API', () => {
  let ctx: TestContext
  let recipe: Recipe
  let doro: Package
  let baking: Package

  beforeAll(async () => {
    ctx = await buildTestApp({}, {}, { requireAdmin: allowAllAdmins })
    recipe = await create<Recipe>(ctx.app, 'recipes', recipeInput({ name: 'דורו ווט' }))
    doro = await create<Package>(
      ctx.app,
      'packages',
      packageInput({
        name: 'ערכת דורו ווט',
        description: 'כל התבלינים לתבשיל עוף חגיגי',
        price: 119.9,
        recipeId: recipe._id,
      }),
    )
    baking = await create<Package>(ctx.app, 'packages', packageInput({ name: 'ערכת אפייה' }))
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
      ingredientsQuantity: 7,
      recipeId: recipe._id,
      recipeName: 'דורו ווט',
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
      payload: packageInput({ recipeId: '00000000-0000-4000-8000-000000000000' }),
    })
    expect(unknownRecipe.statusCode).toBe(400)
    expect(unknownRecipe.json()).toMatchObject({ details: [{ field: 'body.recipeId' }] })
    const zero = await ctx.app.inject({
      method: 'POST',
      url: '/api/packages',
      payload: packageInput({ cookingTime: 0 }),
    })
    expect(zero.statusCode).toBe(400)
    expect(zero.json()).toMatchObject({ details: [{ field: 'body.cookingTime' }] })
  })

  it('refuses a package price below 1 ₪ with the "price must be positive" message (spec §5)', async () => {
    for (const price of [0.01, 0.99, 0]) {
      const low = await ctx.app.inject({
        method: 'POST',
        url: '/api/packages',
        payload: packageInput({ price }),
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
      payload: packageInput({ price: 1 }),
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
      payload: packageInput({ name: 'ערכת אפייה', price: 10.05 }),
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

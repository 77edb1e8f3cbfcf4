import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FoodLabelling, Nutrition, Product } from '@tavlin/contracts'
import { allowAllAdmins, buildTestApp, type TestContext } from '../../../test/build-test-app.js'
import { create, productInput } from '../../../test/catalog-factory.js'

const ORIGIN = 'https://shop.example.co.il'
const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../web')

// Over the solid lines for sugar and saturated fat; the sodium (350 mg) is over the drink
// line (300) but under the solid one (400).
const nutrition: Nutrition = {
  energyKcal: 420,
  proteinGrams: 6,
  carbohydrateGrams: 60,
  sugarGrams: 12,
  fatGrams: 15,
  saturatedFatGrams: 5,
  sodiumMilligrams: 350,
  fibreGrams: 3,
}
const labelling: FoodLabelling = {
  ingredients: 'קמח חיטה, סוכר, חמאה, מלח',
  allergens: ['gluten', 'milk'],
  mayContain: ['sesame'],
  nutrition,
  countryOfOrigin: 'ישראל',
  storage: 'לאחסן במקום קריר ויבש',
}

describe('food labelling of products (issue 18)', () => {
  let ctx: TestContext
  let dist: string

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tavlin-dist-'))
    fs.mkdirSync(path.join(dist, 'locales', 'he'), { recursive: true })
    fs.copyFileSync(path.join(webRoot, 'index.html'), path.join(dist, 'index.html'))
    fs.copyFileSync(
      path.join(webRoot, 'public', 'locales', 'he', 'translation.json'),
      path.join(dist, 'locales', 'he', 'translation.json'),
    )
    ctx = await buildTestApp({ webDistDir: dist }, { PUBLIC_URL: ORIGIN }, { requireAdmin: allowAllAdmins })
  })
  afterAll(async () => {
    await ctx.close()
    fs.rmSync(dist, { recursive: true, force: true })
  })

  const post = (payload: unknown) =>
    ctx.app.inject({ method: 'POST', url: '/api/products', payload: payload as object })

  it('defaults to empty labelling and no red symbols when none is sent', async () => {
    const product = await create<Product>(ctx.app, 'products', productInput())
    expect(product.labelling).toEqual({
      ingredients: '',
      allergens: [],
      mayContain: [],
      nutrition: null,
      countryOfOrigin: '',
      storage: '',
    })
    expect(product.redWarnings).toEqual([])
  })

  it('stores the labelling and computes the red symbols by the solid thresholds', async () => {
    const created = await create<Product>(ctx.app, 'products', productInput({ labelling }))
    expect(created.labelling).toEqual(labelling)
    expect(created.redWarnings).toEqual(['sugar', 'saturatedFat'])
    const read = await ctx.app.inject({ method: 'GET', url: `/api/products/${created._id}` })
    expect((read.json() as { data: Product }).data.redWarnings).toEqual(['sugar', 'saturatedFat'])
  })

  it('judges a beverage by the drink thresholds, and an update recomputes the symbols', async () => {
    const drink = productInput({
      categories: [{ nameInEnglish: 'beverages', nameInHebrew: 'משקאות' }],
      labelling,
    })
    const created = await create<Product>(ctx.app, 'products', drink)
    expect(created.redWarnings).toEqual(['sodium', 'sugar', 'saturatedFat'])

    const lighter = { ...labelling, nutrition: { ...nutrition, sugarGrams: 2, sodiumMilligrams: 100 } }
    const updated = await ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${created._id}`,
      payload: { ...drink, name: created.name, labelling: lighter },
    })
    expect(updated.statusCode, updated.body).toBe(200)
    expect((updated.json() as { data: Product }).data.redWarnings).toEqual(['saturatedFat'])
    expect((updated.json() as { data: Product }).data.labelling.nutrition).toEqual(lighter.nutrition)
  })

  it('ignores red symbols typed by hand', async () => {
    const response = await post({ ...productInput({ labelling }), redWarnings: ['sodium'] })
    expect(response.statusCode, response.body).toBe(201)
    expect((response.json() as { data: Product }).data.redWarnings).toEqual(['sugar', 'saturatedFat'])
  })

  it.each([
    [
      'a negative value',
      { sodiumMilligrams: -1 },
      'body.labelling.nutrition.sodiumMilligrams',
      'validation.nutrition.number',
    ],
    [
      'sugars over carbohydrates',
      { sugarGrams: 61 },
      'body.labelling.nutrition.sugarGrams',
      'validation.nutrition.sugarOverCarbohydrate',
    ],
    [
      'saturated over total fat',
      { saturatedFatGrams: 16 },
      'body.labelling.nutrition.saturatedFatGrams',
      'validation.nutrition.saturatedOverFat',
    ],
    [
      'more than 100 g in 100 g',
      { proteinGrams: 40 },
      'body.labelling.nutrition.proteinGrams',
      'validation.nutrition.overHundredGrams',
    ],
    [
      'an impossible energy',
      { energyKcal: 1000 },
      'body.labelling.nutrition.energyKcal',
      'validation.nutrition.tooLarge',
    ],
  ])('rejects %s with 400 naming the field', async (_name, change, field, message) => {
    const response = await post(
      productInput({ labelling: { ...labelling, nutrition: { ...nutrition, ...change } } }),
    )
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field, message }] })
  })

  it('rejects an allergen outside the fixed list', async () => {
    const response = await post(
      productInput({ labelling: { ...labelling, allergens: ['chocolate' as 'milk'] } }),
    )
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ details: [{ field: 'body.labelling.allergens.0' }] })
  })

  it('puts the nutrition table in the product JSON-LD, and none when there is no table', async () => {
    const withTable = await create<Product>(ctx.app, 'products', productInput({ labelling }))
    const html = await pageOf(withTable._id)
    expect(jsonLd(html).nutrition).toEqual({
      '@type': 'NutritionInformation',
      servingSize: '100 g',
      calories: '420 kcal',
      proteinContent: '6 g',
      carbohydrateContent: '60 g',
      sugarContent: '12 g',
      fatContent: '15 g',
      saturatedFatContent: '5 g',
      sodiumContent: '350 mg',
      fiberContent: '3 g',
    })
    const without = await create<Product>(ctx.app, 'products', productInput())
    expect(jsonLd(await pageOf(without._id))).not.toHaveProperty('nutrition')
  })

  async function pageOf(id: string): Promise<string> {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/products/${id}/info`,
      headers: { accept: 'text/html' },
    })
    expect(response.statusCode).toBe(200)
    return response.body
  }
})

function jsonLd(html: string): Record<string, unknown> {
  const script = /<script [^>]*type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)
  return JSON.parse(script?.[1] ?? '{}') as Record<string, unknown>
}

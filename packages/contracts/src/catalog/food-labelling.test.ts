import { describe, expect, it } from 'vitest'
import {
  FoodLabellingSchema,
  NutritionSchema,
  isLabellingComplete,
  nutritionJsonLd,
  redWarnings,
  type Nutrition,
} from './food-labelling.js'

const lentils: Nutrition = {
  energyKcal: 352,
  proteinGrams: 24.6,
  carbohydrateGrams: 52.7,
  sugarGrams: 2,
  fatGrams: 1.1,
  saturatedFatGrams: 0.2,
  sodiumMilligrams: 6,
  fibreGrams: 10.7,
}

describe('red warning symbols', () => {
  it('marks a solid food above each line of 400 mg sodium, 10 g sugar and 4 g saturated fat', () => {
    expect(redWarnings(lentils, 'solid')).toEqual([])
    const spiceMix = { ...lentils, sodiumMilligrams: 401, sugarGrams: 10.1, saturatedFatGrams: 4.1 }
    expect(redWarnings(spiceMix, 'solid')).toEqual(['sodium', 'sugar', 'saturatedFat'])
  })

  it('leaves a value exactly at the line without a symbol', () => {
    const atTheLine = { ...lentils, sodiumMilligrams: 400, sugarGrams: 10, saturatedFatGrams: 4 }
    expect(redWarnings(atTheLine, 'solid')).toEqual([])
  })

  it('uses the lower lines of a drink: 300 mg sodium, 5 g sugar, 3 g saturated fat per 100 ml', () => {
    const juice = { ...lentils, sodiumMilligrams: 10, sugarGrams: 5.5, saturatedFatGrams: 0 }
    expect(redWarnings(juice, 'liquid')).toEqual(['sugar'])
    expect(redWarnings(juice, 'solid')).toEqual([])
    expect(redWarnings({ ...juice, sodiumMilligrams: 301, saturatedFatGrams: 3.1 }, 'liquid')).toEqual([
      'sodium',
      'sugar',
      'saturatedFat',
    ])
  })

  it('gives no symbol when there is no table', () => {
    expect(redWarnings(null, 'solid')).toEqual([])
  })
})

describe('nutrition values', () => {
  it('accepts a plausible table', () => {
    expect(NutritionSchema.safeParse(lentils).success).toBe(true)
  })

  it.each([
    [{ sugarGrams: 60 }, 'sugarGrams', 'validation.nutrition.sugarOverCarbohydrate'],
    [{ saturatedFatGrams: 2 }, 'saturatedFatGrams', 'validation.nutrition.saturatedOverFat'],
    [{ proteinGrams: 60 }, 'proteinGrams', 'validation.nutrition.overHundredGrams'],
    [{ fatGrams: -1 }, 'fatGrams', 'validation.nutrition.number'],
    [{ energyKcal: 901 }, 'energyKcal', 'validation.nutrition.tooLarge'],
  ])('refuses %o with a message on the field', (change, field, message) => {
    const result = NutritionSchema.safeParse({ ...lentils, ...change })
    expect(result.success).toBe(false)
    expect(result.error?.issues).toContainEqual(expect.objectContaining({ path: [field], message }))
  })
})

describe('food labelling', () => {
  it('defaults to empty fields and no table, which the admin list flags as incomplete', () => {
    const empty = FoodLabellingSchema.parse({})
    expect(empty).toEqual({
      ingredients: '',
      allergens: [],
      mayContain: [],
      nutrition: null,
      countryOfOrigin: '',
      storage: '',
    })
    expect(isLabellingComplete(empty)).toBe(false)
  })

  it('is complete with ingredients, a table, the country of origin and storage instructions', () => {
    const labelling = FoodLabellingSchema.parse({
      ingredients: 'עדשים אדומות',
      nutrition: lentils,
      countryOfOrigin: 'קנדה',
      storage: 'לאחסן במקום קריר ויבש',
    })
    expect(isLabellingComplete(labelling)).toBe(true)
  })

  it('refuses an allergen outside the fixed list', () => {
    expect(FoodLabellingSchema.safeParse({ allergens: ['pollen'] }).success).toBe(false)
  })

  it('writes schema.org nutrition per 100 g, or per 100 ml for a drink', () => {
    expect(nutritionJsonLd(lentils, 'solid')).toMatchObject({
      '@type': 'NutritionInformation',
      servingSize: '100 g',
      calories: '352 kcal',
      sodiumContent: '6 mg',
      fiberContent: '10.7 g',
    })
    expect(nutritionJsonLd(lentils, 'liquid').servingSize).toBe('100 ml')
  })
})

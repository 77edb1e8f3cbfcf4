import { z } from 'zod'
import { allergenNames } from './allergens.js'

/**
 * Food labelling of a product page (issue 18, israel-law.md §8): for food sold online the
 * regulator counts nutrition values, the red warning symbols, ingredients and allergens as
 * "main features of the product", so they are shown before the purchase.
 */

export { allergenNames, type AllergenName } from './allergens.js'

/** Values per 100 g (per 100 ml for a drink), as printed on the package's table. */
export const NutritionSchema = z
  .object({
    energyKcal: nutrient(900),
    proteinGrams: nutrient(100),
    carbohydrateGrams: nutrient(100),
    sugarGrams: nutrient(100),
    fatGrams: nutrient(100),
    saturatedFatGrams: nutrient(100),
    sodiumMilligrams: nutrient(40_000),
    fibreGrams: nutrient(100),
  })
  .refine((n) => n.sugarGrams <= n.carbohydrateGrams, {
    error: 'validation.nutrition.sugarOverCarbohydrate',
    path: ['sugarGrams'],
  })
  .refine((n) => n.saturatedFatGrams <= n.fatGrams, {
    error: 'validation.nutrition.saturatedOverFat',
    path: ['saturatedFatGrams'],
  })
  .refine(
    (n) =>
      n.proteinGrams + n.carbohydrateGrams + n.fatGrams + n.fibreGrams + n.sodiumMilligrams / 1000 <= 100.5,
    { error: 'validation.nutrition.overHundredGrams', path: ['proteinGrams'] },
  )
export type Nutrition = z.infer<typeof NutritionSchema>

function nutrient(max: number) {
  return z
    .number({ error: 'validation.nutrition.number' })
    .min(0, { error: 'validation.nutrition.number' })
    .max(max, { error: 'validation.nutrition.tooLarge' })
}

export const FoodLabellingSchema = z.object({
  ingredients: z.string().trim().max(2000).default(''),
  allergens: z.array(z.enum(allergenNames)).default([]),
  /** "May contain" (cross-contact in the packing plant), declared apart from the ingredients. */
  mayContain: z.array(z.enum(allergenNames)).default([]),
  /** Absent when the owner has not entered the table: the page then shows none. */
  nutrition: NutritionSchema.nullable().default(null),
  countryOfOrigin: z.string().trim().max(100).default(''),
  storage: z.string().trim().max(500).default(''),
})
export type FoodLabelling = z.infer<typeof FoodLabellingSchema>

/** A product whose owner has entered no labelling yet. */
export const EMPTY_LABELLING: FoodLabelling = {
  ingredients: '',
  allergens: [],
  mayContain: [],
  nutrition: null,
  countryOfOrigin: '',
  storage: '',
}

/** Drinks are judged per 100 ml by the liquid thresholds; everything else as a solid food. */
export function foodFormOf(categoryNames: readonly string[]): 'solid' | 'liquid' {
  return categoryNames.includes('beverages') ? 'liquid' : 'solid'
}

export type RedWarning = 'sodium' | 'sugar' | 'saturatedFat'

/**
 * The Israeli thresholds for the red symbols ("high in …"), per 100 g of a solid food and
 * per 100 ml of a drink, in force since 1 Jan 2021 (the regulations' second stage).
 * A value above the line — not at it — carries the symbol.
 */
export const redWarningThresholds = {
  solid: { sodiumMilligrams: 400, sugarGrams: 10, saturatedFatGrams: 4 },
  liquid: { sodiumMilligrams: 300, sugarGrams: 5, saturatedFatGrams: 3 },
} as const

export function redWarnings(nutrition: Nutrition | null, form: 'solid' | 'liquid'): RedWarning[] {
  if (!nutrition) return []
  const line = redWarningThresholds[form]
  const warnings: RedWarning[] = []
  if (nutrition.sodiumMilligrams > line.sodiumMilligrams) warnings.push('sodium')
  if (nutrition.sugarGrams > line.sugarGrams) warnings.push('sugar')
  if (nutrition.saturatedFatGrams > line.saturatedFatGrams) warnings.push('saturatedFat')
  return warnings
}

/** What the admin list flags: a food product sold without its main features. */
export function isLabellingComplete(labelling: FoodLabelling): boolean {
  return (
    labelling.ingredients.length > 0 &&
    labelling.nutrition !== null &&
    labelling.countryOfOrigin.length > 0 &&
    labelling.storage.length > 0
  )
}

/** schema.org NutritionInformation for the product's JSON-LD. */
export function nutritionJsonLd(nutrition: Nutrition, form: 'solid' | 'liquid') {
  const grams = (value: number) => `${value} g`
  return {
    '@type': 'NutritionInformation',
    servingSize: form === 'liquid' ? '100 ml' : '100 g',
    calories: `${nutrition.energyKcal} kcal`,
    proteinContent: grams(nutrition.proteinGrams),
    carbohydrateContent: grams(nutrition.carbohydrateGrams),
    sugarContent: grams(nutrition.sugarGrams),
    fatContent: grams(nutrition.fatGrams),
    saturatedFatContent: grams(nutrition.saturatedFatGrams),
    sodiumContent: `${nutrition.sodiumMilligrams} mg`,
    fiberContent: grams(nutrition.fibreGrams),
  }
}

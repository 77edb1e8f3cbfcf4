import { describe, expect, it } from 'vitest'
import { PackageSchema, ProductSchema, RecipeSchema, paged } from '@tavlin/contracts'
import { makePackage, makeProduct, makeRecipe } from '../testing/admin-data'
import {
  PackageShape,
  ProductArrayShape,
  ProductPageShape,
  ProductShape,
  RecipeShape,
} from './catalog-shapes'

// The light shapes stand in for the contract schemas on the storefront's reads: whatever
// the contract accepts they must accept, and a wrong field must not get through.

type Case = [what: string, value: unknown]

const product = makeProduct()
const recipe = makeRecipe()
const catalogPackage = makePackage()

const PRODUCTS: Case[] = [
  ['a product', product],
  ['with its English name', { ...product, nameInEnglish: 'berbere' }],
  ['without subcategories', { ...product, subCategories: [] }],
  ['with a numeric id', { ...product, _id: 7 }],
  ['without a name', { ...product, name: undefined }],
  ['with a price as text', { ...product, pricing: [{ ...product.pricing[0], price: '16.90' }] }],
  ['with a size that is not an object', { ...product, pricing: [{ size: '100 גרם', price: 16.9 }] }],
  ['with pricing that is not a list', { ...product, pricing: { price: 16.9 } }],
  ['with a category missing its Hebrew name', { ...product, categories: [{ nameInEnglish: 'spices' }] }],
  ['with features as a bare list', { ...product, features: [] }],
  ['with NaN for a price', { ...product, pricing: [{ ...product.pricing[0], price: Number.NaN }] }],
  ['null', null],
  ['a list', [product]],
]

const RECIPES: Case[] = [
  ['a recipe', recipe],
  ['with a linked ingredient', { ...recipe, ingredients: [{ ...recipe.ingredients[0], productId: 'p1' }] }],
  ['with an unknown difficulty', { ...recipe, difficulty: 'Extreme' }],
  ['with servings as text', { ...recipe, servings: '4' }],
  [
    'with an ingredient flag as text',
    { ...recipe, ingredients: [{ ...recipe.ingredients[0], existsInProducts: 'no' }] },
  ],
  ['with a step without its number', { ...recipe, instructions: [{ _id: 's1', description: 'לבשל' }] }],
]

const PACKAGES: Case[] = [
  ['a package', catalogPackage],
  [
    'with its recipe',
    { ...catalogPackage, recipeId: 'r1', recipeName: 'מיסיר וואט', description: 'ארבע מנות' },
  ],
  ['with a price as text', { ...catalogPackage, price: '89.90' }],
  ['without its update time', { ...catalogPackage, updatedAt: undefined }],
  ['with a description that is not text', { ...catalogPackage, description: 5 }],
]

describe('catalogue shapes', () => {
  it.each(PRODUCTS)('agree with the contract on a product %s', (_what, value) => {
    expect(ProductShape.safeParse(value).success).toBe(ProductSchema.safeParse(value).success)
  })

  it.each(RECIPES)('agree with the contract on a recipe %s', (_what, value) => {
    expect(RecipeShape.safeParse(value).success).toBe(RecipeSchema.safeParse(value).success)
  })

  it.each(PACKAGES)('agree with the contract on a package %s', (_what, value) => {
    expect(PackageShape.safeParse(value).success).toBe(PackageSchema.safeParse(value).success)
  })

  it('let the valid ones through unchanged', () => {
    expect(ProductShape.safeParse(product)).toEqual({ success: true, data: product })
    expect(RecipeShape.safeParse(recipe)).toEqual({ success: true, data: recipe })
  })

  it('name the path of the first field that does not fit', () => {
    const size = { sizeName: '250 גרם', sizeQuantity: 250 }
    const broken = { ...product, pricing: [...product.pricing, { size, price: '34.50' }] }
    const result = ProductPageShape.safeParse({
      items: [product, broken],
      currentPage: 1,
      totalPages: 1,
      totalItems: 2,
    })
    expect(result.success).toBe(false)
    if (result.success) return
    expect(result.error.message).toBe('Invalid response format')
    expect(result.error.issues).toEqual([
      { path: `items.1.pricing.${product.pricing.length}.price`, expected: 'number' },
    ])
  })

  it('take a page only with items, currentPage, totalPages and totalItems', () => {
    const page = { items: [product], currentPage: 1, totalPages: 3, totalItems: 25 }
    const ProductPageSchema = paged(ProductSchema)
    for (const value of [page, { ...page, totalItems: undefined }, { ...page, items: product }, [product]]) {
      expect(ProductPageShape.safeParse(value).success).toBe(ProductPageSchema.safeParse(value).success)
    }
    const notPaged = ProductPageShape.safeParse([product])
    expect(notPaged.success || notPaged.error.message).toBe(
      'Expected {items, currentPage, totalPages} format',
    )
  })

  it('take a list only as an array', () => {
    expect(ProductArrayShape.safeParse([product]).success).toBe(true)
    const notList = ProductArrayShape.safeParse({ items: [product] })
    expect(notList.success || notList.error.message).toBe('Expected array response')
    const badItem = ProductArrayShape.safeParse([{ ...product, image: null }])
    expect(badItem.success || badItem.error.message).toBe('Invalid response format')
  })
})

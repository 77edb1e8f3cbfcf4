import type { PackageInput, Product, ProductInput, RecipeInput } from '@tavlin/contracts'
import type { App } from '../app.js'

let counter = 0
const unique = () => `${Date.now().toString(36)}-${++counter}`

export function productInput(overrides: Partial<ProductInput> = {}): ProductInput {
  return {
    name: `מוצר ${unique()}`,
    shortDescription: 'תיאור קצר של המוצר',
    image: '/uploads/products/sample.webp',
    pricing: [
      { size: { sizeName: '100 גרם', sizeQuantity: 100 }, price: 12.5 },
      { size: { sizeName: '250 גרם', sizeQuantity: 250 }, price: 27.9 },
    ],
    categories: [{ nameInEnglish: 'spices', nameInHebrew: 'תבלינים' }],
    subCategories: [],
    features: { value: [{ title: 'מקור', description: 'אתיופיה' }] },
    ...overrides,
  }
}

export function recipeInput(overrides: Partial<RecipeInput> = {}): RecipeInput {
  return {
    name: `מתכון ${unique()}`,
    description: 'תבשיל עדשים אדומות חריף',
    image: '/uploads/recipes/sample.webp',
    difficulty: 'Medium',
    prepTime: '45 דקות',
    servings: 4,
    categories: [{ nameInEnglish: 'stew', nameInHebrew: 'תבשיל' }],
    ingredients: [
      { name: 'עדשים אדומות', quantity: '2 כוסות' },
      { name: 'ברברה', quantity: '2 כפות' },
    ],
    instructions: [{ description: 'לטגן בצל' }, { description: 'להוסיף עדשים ומים' }],
    ...overrides,
  }
}

/** A package needs contents: pass them, e.g. `contentsOf(product)`. */
export function packageInput(overrides: Partial<PackageInput> & Pick<PackageInput, 'items'>): PackageInput {
  return {
    name: `מארז ${unique()}`,
    image: '/uploads/packages/sample.webp',
    price: 89.9,
    cookingTime: 60,
    peoplesQuantity: 4,
    ...overrides,
  }
}

/** Package contents: one of each product, in its first size. */
export function contentsOf(...products: Product[]): PackageInput['items'] {
  return products.map((product) => ({
    productId: product._id,
    sizeName: product.pricing[0]!.size.sizeName,
    quantity: 1,
  }))
}

/** Creates an entity through the API (the test app must allow admins) and returns it. */
export async function create<T extends { _id: string }>(app: App, base: string, body: unknown): Promise<T> {
  const response = await app.inject({ method: 'POST', url: `/api/${base}`, payload: body as object })
  if (response.statusCode !== 201)
    throw new Error(`POST /api/${base}: ${response.statusCode} ${response.body}`)
  return (response.json() as { data: T }).data
}

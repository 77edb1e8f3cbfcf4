import {
  allergenNames,
  RECIPE_DIFFICULTIES,
  type FoodLabelling,
  type Nutrition,
  type Category,
  type Feature,
  type Ingredient,
  type Instruction,
  type Package,
  type PackageItem,
  type PricingOption,
  type Product,
  type Recipe,
  type SubCategory,
} from '@tavlin/contracts'
import {
  array,
  arrayShape,
  boolean,
  entityShape,
  nullable,
  number,
  object,
  oneOf,
  optional,
  pagedShape,
  string,
} from '../lib/response-shape'

// The catalogue as the storefront reads it, checked without zod (lib/response-shape.ts).
// Each check lists every field of the contract type, so a field added to the contract
// fails the typecheck here until it is added; catalog-shapes.test.ts holds them against
// the contract schemas.

const category = object<Category>({ nameInEnglish: string, nameInHebrew: string })

const subCategory = object<SubCategory>({
  nameInEnglish: string,
  nameInHebrew: string,
  nameOfParentCategory: string,
})

const pricingOption = object<PricingOption>({
  size: object<PricingOption['size']>({ sizeName: string, sizeQuantity: number }),
  price: number,
  stock: optional(nullable(number)),
  sku: optional(nullable(string)),
  barcode: optional(nullable(string)),
})

const feature = object<Feature>({ title: string, description: string })

const nutrition = object<Nutrition>({
  energyKcal: number,
  proteinGrams: number,
  carbohydrateGrams: number,
  sugarGrams: number,
  fatGrams: number,
  saturatedFatGrams: number,
  sodiumMilligrams: number,
  fibreGrams: number,
})

const labelling = object<FoodLabelling>({
  ingredients: string,
  allergens: array(oneOf(allergenNames)),
  mayContain: array(oneOf(allergenNames)),
  nutrition: nullable(nutrition),
  countryOfOrigin: string,
  storage: string,
})

const product = object<Product>({
  _id: string,
  name: string,
  nameInEnglish: optional(string),
  shortDescription: string,
  image: string,
  pricing: array(pricingOption),
  categories: array(category),
  subCategories: array(subCategory),
  features: object<Product['features']>({ value: array(feature) }),
  perishable: optional(boolean),
  labelling,
  redWarnings: array(oneOf(['sodium', 'sugar', 'saturatedFat'])),
  isHidden: boolean,
  createdAt: string,
  updatedAt: string,
})

const ingredient = object<Ingredient>({
  _id: string,
  name: string,
  quantity: string,
  existsInProducts: boolean,
  productId: optional(string),
})

const instruction = object<Instruction>({ _id: string, step: number, description: string })

const recipe = object<Recipe>({
  _id: string,
  name: string,
  description: string,
  image: string,
  difficulty: oneOf(RECIPE_DIFFICULTIES),
  prepTime: string,
  servings: number,
  categories: array(category),
  ingredients: array(ingredient),
  instructions: array(instruction),
  createdAt: string,
  updatedAt: string,
})

const packageItem = object<PackageItem>({
  productId: string,
  productName: string,
  sizeName: string,
  quantity: number,
  isProductHidden: optional(boolean),
})

const catalogPackage = object<Package>({
  _id: string,
  name: string,
  description: optional(string),
  image: string,
  price: number,
  cookingTime: number,
  peoplesQuantity: number,
  ingredientsQuantity: number,
  items: array(packageItem),
  recipeId: optional(string),
  recipeName: optional(string),
  stock: optional(nullable(number)),
  subCategories: array(subCategory),
  createdAt: string,
  updatedAt: string,
})

export const ProductShape = entityShape(product)
export const ProductPageShape = pagedShape(product)
export const ProductArrayShape = arrayShape(product)

export const RecipeShape = entityShape(recipe)
export const RecipePageShape = pagedShape(recipe)

export const PackageShape = entityShape(catalogPackage)
export const PackagePageShape = pagedShape(catalogPackage)

/** What a delete answers with. */
export const DeletedShape = entityShape(object<{ _id: string }>({ _id: string }))

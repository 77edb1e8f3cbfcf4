import type { Recipe, RecipeInput, RecipeListQuery } from '@tavlin/contracts'
import { AppError, invalidField } from '../../../lib/errors.js'
import { isUniqueViolation, sqlStateOf } from '../../../lib/pg-errors.js'
import { searchTextOf } from '../../../lib/search-text.js'
import type { CatalogKind } from '../catalog.config.js'
import type { CatalogRepository } from '../catalog.repository.js'
import type { ProductFilter, ProductRecord, ProductWrite } from '../products/products.repository.js'
import { toRecipe } from './recipes.mapper.js'
import type { RecipeFilter, RecipeRecord, RecipeWrite } from './recipes.repository.js'

export type RecipeKind = CatalogKind<
  Recipe,
  RecipeInput,
  RecipeListQuery,
  RecipeRecord,
  RecipeFilter,
  RecipeWrite
>

type ProductRows = CatalogRepository<ProductRecord, ProductFilter, ProductWrite>

/**
 * Recipes: ingredients (linked to products by id, or by their exact name) and numbered steps.
 * `products` sees every product (the admin links a hidden one too); `shopProducts` only those
 * the shop shows, for what a recipe's reader is offered (decision 293).
 */
export function recipeKind({
  products,
  shopProducts,
}: {
  products: ProductRows
  shopProducts: ProductRows
}): RecipeKind {
  return {
    entityType: 'recipe',
    label: 'Recipe',
    async filterOf({ category, productId }) {
      if (!productId) return { category }
      const [product] = await shopProducts.findNamesByIds([productId])
      // No such product in the shop: no recipe is listed with it.
      return product ? { category, product } : undefined
    },
    /**
     * An ingredient "exists in products" when its linked product is in the shop, or, unlinked
     * or linked to a hidden product, when a shown product has its exact name: a hidden
     * product's ingredient reads like a deleted one's. Two look-ups cover the whole page.
     */
    async toEntities(records) {
      const ingredients = records.flatMap((record) => record.ingredients)
      const linked = ingredients.flatMap((i) => (i.productId ? [i.productId] : []))
      const shownIds = new Set(await shopProducts.findExistingIds([...new Set(linked)]))
      const byName = ingredients.filter((i) => !i.productId || !shownIds.has(i.productId)).map((i) => i.name)
      const shownNames = new Set(await shopProducts.findExistingNames([...new Set(byName)]))
      return records.map((record) => toRecipe(record, { shownIds, shownNames }))
    },
    async toWrite(input) {
      const linked = input.ingredients.flatMap((i) => (i.productId ? [i.productId] : []))
      const existing = new Set(await products.findExistingIds([...new Set(linked)]))
      input.ingredients.forEach((ingredient, index) => {
        if (ingredient.productId && !existing.has(ingredient.productId)) {
          throw invalidField(`body.ingredients.${index}.productId`, 'validation.productNotFound')
        }
      })
      return toWrite(input)
    },
    violationOf(error) {
      if (isUniqueViolation(error)) {
        return new AppError('CONFLICT', 'A recipe with this name already exists', [
          { field: 'body.name', message: 'validation.nameTaken' },
        ])
      }
      // A linked product deleted between the check above and the insert.
      if (sqlStateOf(error) === '23503') return invalidField('body.ingredients', 'validation.productNotFound')
      return undefined
    },
  }
}

function toWrite(input: RecipeInput): RecipeWrite {
  return {
    name: input.name,
    description: input.description,
    image: input.image,
    difficulty: input.difficulty,
    prepTime: input.prepTime,
    servings: input.servings,
    categories: [...new Set(input.categories.map((c) => c.nameInEnglish))],
    searchText: searchTextOf(input.name, input.description),
    searchName: searchTextOf(input.name),
    ingredients: input.ingredients.map((i) => ({
      name: i.name,
      quantity: i.quantity,
      productId: i.productId ?? null,
    })),
    instructions: input.instructions.map((i) => i.description),
  }
}

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

/** Recipes: ingredients (linked to products by id, or by their exact name) and numbered steps. */
export function recipeKind(
  products: CatalogRepository<ProductRecord, ProductFilter, ProductWrite>,
): RecipeKind {
  return {
    entityType: 'recipe',
    label: 'Recipe',
    async filterOf({ category, productId }) {
      if (!productId) return { category }
      const [product] = await products.findNamesByIds([productId])
      // No such product: no recipe uses it.
      return product ? { category, product } : undefined
    },
    /**
     * An unlinked ingredient still "exists in products" when a product has its exact
     * name; one look-up covers every ingredient of the page.
     */
    async toEntities(records) {
      const unlinked = records.flatMap((r) => r.ingredients.filter((i) => !i.productId).map((i) => i.name))
      const productNames = new Set(await products.findExistingNames([...new Set(unlinked)]))
      return records.map((record) => toRecipe(record, productNames))
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

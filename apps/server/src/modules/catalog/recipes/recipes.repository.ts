import { arrayContains, eq, sql, type SQL } from 'drizzle-orm'
import { recipeIngredients, recipeInstructions, recipes } from '../../../db/schema/index.js'
import type { CatalogFilter, CatalogTable } from '../catalog.config.js'
import { childRowsJson, ownColumns } from '../catalog-record.repository.js'

export type IngredientRow = { id: string; name: string; quantity: string; productId: string | null }
export type InstructionRow = { id: string; step: number; description: string }

export type RecipeRecord = {
  id: string
  name: string
  description: string
  image: string
  difficulty: 'Easy' | 'Medium' | 'Hard'
  prepTime: string
  servings: number
  categories: string[]
  createdAt: Date
  updatedAt: Date
  ingredients: IngredientRow[]
  instructions: InstructionRow[]
}

export type RecipeWrite = Omit<
  RecipeRecord,
  'id' | 'createdAt' | 'updatedAt' | 'ingredients' | 'instructions'
> & {
  searchText: string
  searchName: string
  ingredients: Array<{ name: string; quantity: string; productId: string | null }>
  instructions: string[]
}

export type RecipeFilter = CatalogFilter & {
  category?: string
  /** Recipes with an ingredient linked to this product, or unlinked and named exactly `name`. */
  product?: { id: string; name: string }
}

const ingredientsJson = childRowsJson<IngredientRow>(
  { id: 'i.id', name: 'i.name', quantity: 'i.quantity', productId: 'i.product_id' },
  sql`${recipeIngredients} i where i.recipe_id = "recipes"."id"`,
  'i.position',
)
const instructionsJson = childRowsJson<InstructionRow>(
  { id: 's.id', step: 's.step', description: 's.description' },
  sql`${recipeInstructions} s where s.recipe_id = "recipes"."id"`,
  's.step',
)

/** The recipes table with its ingredients and instructions, for the catalogue's generic repository. */
export const recipesTable: CatalogTable<RecipeFilter, RecipeWrite> = {
  table: recipes,
  columns: recipes,
  record: { ...ownColumns(recipes), ingredients: ingredientsJson, instructions: instructionsJson },
  conditions(filter) {
    const conditions: SQL[] = []
    if (filter.category) conditions.push(arrayContains(recipes.categories, [filter.category]))
    if (filter.product) {
      // The same link the recipe page shows as "exists in products": the product's id, or
      // (for an ingredient no administrator linked) the product's exact name.
      const { id, name } = filter.product
      conditions.push(sql`exists (
        select 1 from ${recipeIngredients} i where i.recipe_id = "recipes"."id"
          and (i.product_id = ${id} or (i.product_id is null and i.name = ${name})))`)
    }
    return conditions
  },
  columnsOf: ({ ingredients: _ingredients, instructions: _instructions, ...columns }) => columns,
  async insertChildren(db, recipeId, { ingredients, instructions }) {
    if (ingredients.length > 0) {
      await db
        .insert(recipeIngredients)
        .values(ingredients.map((ingredient, position) => ({ recipeId, position, ...ingredient })))
    }
    if (instructions.length > 0) {
      await db
        .insert(recipeInstructions)
        .values(instructions.map((description, index) => ({ recipeId, step: index + 1, description })))
    }
  },
  async deleteChildren(db, recipeId) {
    await db.delete(recipeIngredients).where(eq(recipeIngredients.recipeId, recipeId))
    await db.delete(recipeInstructions).where(eq(recipeInstructions.recipeId, recipeId))
  },
}

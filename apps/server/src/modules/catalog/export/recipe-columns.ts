import type { Recipe } from '@tavlin/contracts'
import { listCell, tableOf, type Column, type Table } from './columns.js'

/**
 * A recipe over as many rows as its longer list: row N holds its Nth ingredient and its Nth
 * step (either may be empty); the recipe's own fields repeat on each of its rows.
 */
export type RecipeLineRow = { recipe: Recipe; line: number }

const ingredient = ({ recipe, line }: RecipeLineRow) => recipe.ingredients[line - 1]

export const RECIPE_COLUMNS: readonly Column<RecipeLineRow>[] = [
  { key: '_id', header: 'מזהה מתכון', cell: ({ recipe }) => recipe._id },
  { key: 'name', header: 'שם', cell: ({ recipe }) => recipe.name },
  { key: 'description', header: 'תיאור', cell: ({ recipe }) => recipe.description },
  { key: 'image', header: 'תמונה', cell: ({ recipe }) => recipe.image },
  { key: 'difficulty', header: 'רמת קושי', cell: ({ recipe }) => recipe.difficulty },
  { key: 'prepTime', header: 'זמן הכנה', cell: ({ recipe }) => recipe.prepTime },
  { key: 'servings', header: 'מנות', cell: ({ recipe }) => recipe.servings },
  {
    key: 'categories',
    header: 'קטגוריות',
    cell: ({ recipe }) => listCell(recipe.categories.map((category) => category.nameInEnglish)),
  },
  { key: 'line', header: 'שורה', cell: ({ line }) => line },
  { key: 'ingredients.name', header: 'מרכיב', cell: (row) => ingredient(row)?.name ?? null },
  { key: 'ingredients.quantity', header: 'כמות המרכיב', cell: (row) => ingredient(row)?.quantity ?? null },
  {
    key: 'ingredients.productId',
    header: 'מזהה המוצר של המרכיב',
    cell: (row) => ingredient(row)?.productId ?? null,
  },
  {
    key: 'instructions.description',
    header: 'שלב ההכנה',
    cell: ({ recipe, line }) => recipe.instructions[line - 1]?.description ?? null,
  },
]

export const RECIPES_SHEET = 'מתכונים'

export function recipesTable(recipes: readonly Recipe[]): Table {
  const rows = recipes.flatMap((recipe) =>
    Array.from({ length: Math.max(recipe.ingredients.length, recipe.instructions.length) }, (_, index) => ({
      recipe,
      line: index + 1,
    })),
  )
  return tableOf('recipes', RECIPES_SHEET, RECIPE_COLUMNS, rows)
}

import { toShekels, type CatalogueImportItem, type Package, type Recipe } from '@tavlin/contracts'
import { PACKAGE_COLUMNS } from '../export/package-columns.js'
import { RECIPE_COLUMNS } from '../export/recipe-columns.js'
import type { PackageWrite } from '../packages/packages.repository.js'
import type { RecipeWrite } from '../recipes/recipes.repository.js'

/**
 * What applying a recipe's or a package's rows would change, field by field, in the words of
 * the export's column titles; a list's entries by their number ("שלב ההכנה 3"). None: empty.
 */
type Change = CatalogueImportItem['changes'][number]
type Field = [title: string, before: unknown, after: unknown]

const shown = (value: unknown): string => (value === null || value === undefined ? '' : String(value))

const titleIn =
  (columns: ReadonlyArray<{ key: string; header: string }>) =>
  (key: string): string =>
    columns.find((column) => column.key === key)!.header

function collect(fields: readonly Field[]): Change[] {
  return fields
    .filter(([, before, after]) => shown(before) !== shown(after))
    .map(([field, before, after]) => ({ field, before: shown(before), after: shown(after) }))
}

/** Two lists entry by entry: the Nth before against the Nth after, a missing one as empty. */
function listFields(label: string, before: readonly string[], after: readonly string[]): Field[] {
  return Array.from({ length: Math.max(before.length, after.length) }, (_, i): Field => [
    `${label} ${i + 1}`,
    before[i],
    after[i],
  ])
}

/** A product's name for reading, else its id. */
export type ProductNames = (id: string) => string

export function recipeChanges(names: ProductNames) {
  const title = titleIn(RECIPE_COLUMNS)
  const ingredient = (i: { name: string; quantity: string; productId?: string | null }) =>
    [i.name, i.quantity, i.productId ? names(i.productId) : ''].filter(Boolean).join(' · ')
  return (recipe: Recipe, write: RecipeWrite): Change[] =>
    collect([
      [title('name'), recipe.name, write.name],
      [title('description'), recipe.description, write.description],
      [title('image'), recipe.image, write.image],
      [title('difficulty'), recipe.difficulty, write.difficulty],
      [title('prepTime'), recipe.prepTime, write.prepTime],
      [title('servings'), recipe.servings, write.servings],
      [
        title('categories'),
        recipe.categories.map((c) => c.nameInEnglish).join('|'),
        write.categories.join('|'),
      ],
      ...listFields(
        title('ingredients.name'),
        recipe.ingredients.map(ingredient),
        write.ingredients.map(ingredient),
      ),
      ...listFields(
        title('instructions.description'),
        recipe.instructions.map((step) => step.description),
        write.instructions,
      ),
    ])
}

export function packageChanges(names: ProductNames) {
  const title = titleIn(PACKAGE_COLUMNS)
  const line = (item: { productId: string; sizeName: string; quantity: number }) =>
    `${names(item.productId)} · ${item.sizeName} × ${item.quantity}`
  return (pack: Package, write: PackageWrite): Change[] =>
    collect([
      [title('name'), pack.name, write.name],
      [title('description'), pack.description ?? '', write.description ?? ''],
      [title('image'), pack.image, write.image],
      [title('price'), pack.price, toShekels(write.priceAgorot)],
      [title('cookingTime'), pack.cookingTime, write.cookingTime],
      [title('peoplesQuantity'), pack.peoplesQuantity, write.peoplesQuantity],
      [title('recipeId'), pack.recipeId ?? '', write.recipeId ?? ''],
      [title('stock'), pack.stock ?? null, write.stock],
      [
        title('subCategories'),
        pack.subCategories.map((kind) => kind.nameInEnglish).join('|'),
        write.subCategories.join('|'),
      ],
      ...listFields('תכולה', pack.items.map(line), write.items.map(line)),
    ])
}

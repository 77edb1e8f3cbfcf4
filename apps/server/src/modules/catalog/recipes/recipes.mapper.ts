import { RECIPE_CATEGORIES, type Category, type Recipe } from '@tavlin/contracts'
import { toIso } from '../../../lib/iso-time.js'
import type { RecipeRecord } from './recipes.repository.js'

const categoryByName = new Map<string, Category>(
  RECIPE_CATEGORIES.map(({ nameInEnglish, nameInHebrew }) => [
    nameInEnglish,
    { nameInEnglish, nameInHebrew },
  ]),
)

/**
 * `shownIds`: the linked products the shop shows; `shownNames`: the ingredient names that are
 * names of shown products. The link itself is kept, so the admin's form saves it back.
 */
export function toRecipe(
  record: RecipeRecord,
  { shownIds, shownNames }: { shownIds: ReadonlySet<string>; shownNames: ReadonlySet<string> },
): Recipe {
  return {
    _id: record.id,
    name: record.name,
    description: record.description,
    image: record.image,
    difficulty: record.difficulty,
    prepTime: record.prepTime,
    servings: record.servings,
    categories: record.categories.flatMap((name) => categoryByName.get(name) ?? []),
    ingredients: record.ingredients.map((ingredient) => ({
      _id: ingredient.id,
      name: ingredient.name,
      quantity: ingredient.quantity,
      existsInProducts:
        (ingredient.productId !== null && shownIds.has(ingredient.productId)) ||
        shownNames.has(ingredient.name),
      ...(ingredient.productId ? { productId: ingredient.productId } : {}),
    })),
    instructions: record.instructions.map((instruction) => ({
      _id: instruction.id,
      step: instruction.step,
      description: instruction.description,
    })),
    createdAt: toIso(record.createdAt),
    updatedAt: toIso(record.updatedAt),
  }
}

import { z } from 'zod'
import { ImageUrlSchema } from '../common/image-url.js'
import { IdSchema } from '../common/ids.js'
import { PageQuerySchema } from '../common/pagination.js'
import { SEARCH_MAX_LENGTH } from '../common/page-sizes.js'
import { CategorySchema } from './product.schemas.js'
import { RECIPE_DIFFICULTIES, recipeCategoryNames } from './taxonomy.js'

export const IngredientSchema = z.object({
  _id: z.string(),
  name: z.string(),
  quantity: z.string(),
  existsInProducts: z.boolean(),
  /** The catalogue product this ingredient is sold as, when linked by an administrator. */
  productId: z.string().optional(),
})
export type Ingredient = z.infer<typeof IngredientSchema>

export const InstructionSchema = z.object({
  _id: z.string(),
  step: z.number().int().min(1),
  description: z.string(),
})
export type Instruction = z.infer<typeof InstructionSchema>

/** What an administrator sends to create or replace a recipe (spec §5). */
export const RecipeInputSchema = z.object({
  name: z.string().trim().min(1, { error: 'validation.nameRequired' }),
  description: z.string().trim().min(1, { error: 'validation.descriptionRequired' }),
  image: ImageUrlSchema,
  difficulty: z.enum(RECIPE_DIFFICULTIES, { error: 'validation.difficultyInvalid' }),
  prepTime: z.string().trim().min(1, { error: 'validation.prepTimeRequired' }),
  servings: z
    .number({ error: 'validation.servingsPositive' })
    .int({ error: 'validation.servingsPositive' })
    .positive({ error: 'validation.servingsPositive' }),
  categories: z
    .array(CategorySchema.extend({ nameInEnglish: z.enum(recipeCategoryNames) }))
    .min(1, { error: 'validation.categoriesRequired' }),
  ingredients: z
    .array(
      z.object({
        name: z.string().trim().min(1, { error: 'validation.ingredientNameRequired' }),
        quantity: z.string().trim().min(1, { error: 'validation.ingredientQuantityRequired' }),
        productId: IdSchema.optional(),
      }),
    )
    .min(1, { error: 'validation.ingredientsRequired' }),
  instructions: z
    .array(
      z.object({
        description: z.string().trim().min(1, { error: 'validation.instructionRequired' }),
      }),
    )
    .min(1, { error: 'validation.instructionsRequired' }),
})
export type RecipeInput = z.infer<typeof RecipeInputSchema>

export const RecipeSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  image: z.string(),
  difficulty: z.enum(RECIPE_DIFFICULTIES),
  prepTime: z.string(),
  servings: z.number(),
  categories: z.array(CategorySchema),
  ingredients: z.array(IngredientSchema),
  instructions: z.array(InstructionSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Recipe = z.infer<typeof RecipeSchema>

export const RecipeListQuerySchema = PageQuerySchema.extend({
  category: z.enum(recipeCategoryNames).optional(),
  filter: z.string().trim().max(SEARCH_MAX_LENGTH).optional(),
  exclude: IdSchema.optional(),
  /** Only recipes with an ingredient sold as this product (linked by id, or unlinked with its exact name). */
  productId: IdSchema.optional(),
})
export type RecipeListQuery = z.infer<typeof RecipeListQuerySchema>

import { RecipeInputSchema, RecipeListQuerySchema, RecipeSchema } from '@tavlin/contracts'
import { catalogRoutes } from '../catalog/catalog-routes.js'

export const recipesRoutes = catalogRoutes({
  plural: 'recipes',
  singular: 'recipe',
  entity: RecipeSchema,
  input: RecipeInputSchema,
  listQuery: RecipeListQuerySchema,
})

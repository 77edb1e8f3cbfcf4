import type { FastifyPluginAsync } from 'fastify'
import {
  PackageInputSchema,
  PackageListQuerySchema,
  PackageSchema,
  RecipeInputSchema,
  RecipeListQuerySchema,
  RecipeSchema,
} from '@tavlin/contracts'
import type { AdminGuard } from '../../plugins/admin-guard.js'
import type { Catalog } from './index.js'
import { catalogResourceRoutes } from './catalog-resource.routes.js'
import { productsRoutes } from './products/products.routes.js'

const recipesRoutes = catalogResourceRoutes({
  plural: 'recipes',
  singular: 'recipe',
  entity: RecipeSchema,
  input: RecipeInputSchema,
  listQuery: RecipeListQuerySchema,
})

const packagesRoutes = catalogResourceRoutes({
  plural: 'packages',
  singular: 'package',
  entity: PackageSchema,
  input: PackageInputSchema,
  listQuery: PackageListQuerySchema,
})

/** /products, /recipes and /packages: reads for everyone, writes for administrators. */
export const catalogRoutes: FastifyPluginAsync<{ catalog: Catalog; requireAdmin: AdminGuard }> = async (
  app,
  { catalog, requireAdmin },
) => {
  await app.register(productsRoutes, {
    prefix: '/products',
    products: catalog.products,
    adminProducts: catalog.adminProducts,
    requireAdmin,
  })
  await app.register(recipesRoutes, { prefix: '/recipes', service: catalog.recipes, requireAdmin })
  await app.register(packagesRoutes, { prefix: '/packages', service: catalog.packages, requireAdmin })
}

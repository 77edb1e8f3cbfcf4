import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ProductInputSchema, ProductListQuerySchema, ProductSchema, envelope } from '@tavlin/contracts'
import type { AdminGuard } from '../../../plugins/admin-guard.js'
import type { Catalog } from '../index.js'
import { catalogResourceRoutes } from '../catalog-resource.routes.js'

const NamesBodySchema = z.object({ names: z.array(z.string().trim().min(1).max(200)).max(200) })

const productCatalogRoutes = catalogResourceRoutes({
  plural: 'products',
  singular: 'product',
  entity: ProductSchema,
  input: ProductInputSchema,
  listQuery: ProductListQuerySchema,
})

export type ProductsRoutesOptions = {
  /** The shop's reads: hidden products left out (decision 293). */
  products: Catalog['products']
  /** The admin's writes, which must find a hidden product too. */
  adminProducts: Catalog['adminProducts']
  requireAdmin: AdminGuard
}

/** The catalogue routes plus the look-up by name that recipe ingredients use. */
export const productsRoutes: FastifyPluginAsyncZod<ProductsRoutesOptions> = async (
  app,
  { products, adminProducts, requireAdmin },
) => {
  await app.register(productCatalogRoutes, { service: products, writes: adminProducts, requireAdmin })

  app.post(
    '/names',
    {
      // A read: POST only because the list of names can be long.
      config: { readByPost: true },
      schema: {
        tags: ['products'],
        summary: 'The products with exactly these names (recipe ingredients)',
        body: NamesBodySchema,
        response: { 200: envelope(z.array(ProductSchema)) },
      },
    },
    async (request) => ({ success: true as const, data: await products.findByNames(request.body.names) }),
  )
}

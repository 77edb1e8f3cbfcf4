import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  AdminProductListQuerySchema,
  ErrorEnvelopeSchema,
  IdParamsSchema,
  ProductSchema,
  envelope,
  paged,
} from '@tavlin/contracts'
import type { AdminGuard } from '../../../plugins/admin-guard.js'
import type { Catalog } from '../index.js'

const errors = { 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema }
const security = [{ bearerAuth: [] }]
const tags = ['admin']

/**
 * The admin's reads of the products (decision 293): hidden ones included, which the shop's
 * cached `/api/products` leaves out. Never kept by the read cache or a browser: each admin
 * read shows the catalogue as it is.
 */
export const productsAdminRoutes: FastifyPluginAsyncZod<{
  products: Catalog['adminProducts']
  requireAdmin: AdminGuard
}> = async (app, { products, requireAdmin }) => {
  app.addHook('onRequest', requireAdmin)
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
  })

  app.get(
    '/admin/products',
    {
      schema: {
        tags,
        summary: 'A page of products, hidden ones included, newest first; filter by visibility (admin)',
        security,
        querystring: AdminProductListQuerySchema,
        response: { 200: envelope(paged(ProductSchema)), 400: ErrorEnvelopeSchema, ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await products.list(request.query) }),
  )

  app.get(
    '/admin/products/:id',
    {
      schema: {
        tags,
        summary: 'One product, hidden or not (admin)',
        security,
        params: IdParamsSchema,
        response: { 200: envelope(ProductSchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await products.get(request.params.id) }),
  )
}

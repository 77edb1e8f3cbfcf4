import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  IdParamsSchema,
  PageQuerySchema,
  ProductInputSchema,
  ProductListQuerySchema,
  ProductSchema,
  envelope,
  paged,
} from '@tavlin/contracts'
import type { AdminGuard } from '../../plugins/admin-guard.js'
import { actorOf } from '../audit/actor.js'
import type { ProductsService } from './products.service.js'

const ProductEnvelopeSchema = envelope(ProductSchema)
const ProductPageEnvelopeSchema = envelope(paged(ProductSchema))
const NamesBodySchema = z.object({ names: z.array(z.string().trim().min(1).max(200)).max(200) })
const DeletedEnvelopeSchema = envelope(z.object({ _id: z.string() }))

// Writes need an administrator: checked before the body is even parsed, and marked for OpenAPI.
const adminSecurity = [{ bearerAuth: [] }]
export type ProductsRoutesOptions = { products: ProductsService; requireAdmin: AdminGuard }

export const productsRoutes: FastifyPluginAsyncZod<ProductsRoutesOptions> = async (
  app,
  { products, requireAdmin },
) => {
  const tags = ['products']

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'A page of products, newest first',
        querystring: ProductListQuerySchema,
        response: { 200: ProductPageEnvelopeSchema },
      },
    },
    async (request) => ({ success: true as const, data: await products.list(request.query) }),
  )

  app.get(
    '/random',
    {
      // Each call must draw anew: never answered from the response cache.
      config: { responseCache: false },
      schema: {
        tags,
        summary: 'A random selection of products',
        querystring: PageQuerySchema,
        response: { 200: ProductPageEnvelopeSchema },
      },
    },
    async (request) => ({ success: true as const, data: await products.random(request.query) }),
  )

  app.post(
    '/names',
    {
      schema: {
        tags,
        summary: 'The products with exactly these names (recipe ingredients)',
        body: NamesBodySchema,
        response: { 200: envelope(z.array(ProductSchema)) },
      },
    },
    async (request) => ({ success: true as const, data: await products.findByNames(request.body.names) }),
  )

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'One product',
        params: IdParamsSchema,
        response: { 200: ProductEnvelopeSchema },
      },
    },
    async (request) => ({ success: true as const, data: await products.get(request.params.id) }),
  )

  app.post(
    '/',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        security: adminSecurity,
        summary: 'Add a product',
        body: ProductInputSchema,
        response: { 201: ProductEnvelopeSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ success: true, data: await products.create(request.body, actorOf(request)) }),
  )

  app.put(
    '/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        security: adminSecurity,
        summary: 'Replace a product',
        params: IdParamsSchema,
        body: ProductInputSchema,
        response: { 200: ProductEnvelopeSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await products.update(request.params.id, request.body, actorOf(request)),
    }),
  )

  app.delete(
    '/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        security: adminSecurity,
        summary: 'Delete a product',
        params: IdParamsSchema,
        response: { 200: DeletedEnvelopeSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await products.remove(request.params.id, actorOf(request)),
    }),
  )
}

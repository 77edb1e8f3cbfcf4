import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  IdParamsSchema,
  PageQuerySchema,
  RecipeInputSchema,
  RecipeListQuerySchema,
  RecipeSchema,
  envelope,
  paged,
} from '@tavlin/contracts'
import type { AdminGuard } from '../../plugins/admin-guard.js'
import { actorOf } from '../audit/actor.js'
import type { RecipesService } from './recipes.service.js'

const RecipeEnvelopeSchema = envelope(RecipeSchema)
const RecipePageEnvelopeSchema = envelope(paged(RecipeSchema))
const DeletedEnvelopeSchema = envelope(z.object({ _id: z.string() }))

// Writes need an administrator: checked before the body is even parsed, and marked for OpenAPI.
const adminSecurity = [{ bearerAuth: [] }]
export type RecipesRoutesOptions = { recipes: RecipesService; requireAdmin: AdminGuard }

export const recipesRoutes: FastifyPluginAsyncZod<RecipesRoutesOptions> = async (
  app,
  { recipes, requireAdmin },
) => {
  const tags = ['recipes']

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'A page of recipes, newest first',
        querystring: RecipeListQuerySchema,
        response: { 200: RecipePageEnvelopeSchema },
      },
    },
    async (request) => ({ success: true as const, data: await recipes.list(request.query) }),
  )

  app.get(
    '/random',
    {
      // Each call must draw anew: never answered from the response cache.
      config: { responseCache: false },
      schema: {
        tags,
        summary: 'A random selection of recipes',
        querystring: PageQuerySchema,
        response: { 200: RecipePageEnvelopeSchema },
      },
    },
    async (request) => ({ success: true as const, data: await recipes.random(request.query) }),
  )

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'One recipe',
        params: IdParamsSchema,
        response: { 200: RecipeEnvelopeSchema },
      },
    },
    async (request) => ({ success: true as const, data: await recipes.get(request.params.id) }),
  )

  app.post(
    '/',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        security: adminSecurity,
        summary: 'Add a recipe',
        body: RecipeInputSchema,
        response: { 201: RecipeEnvelopeSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ success: true, data: await recipes.create(request.body, actorOf(request)) }),
  )

  app.put(
    '/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        security: adminSecurity,
        summary: 'Replace a recipe',
        params: IdParamsSchema,
        body: RecipeInputSchema,
        response: { 200: RecipeEnvelopeSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await recipes.update(request.params.id, request.body, actorOf(request)),
    }),
  )

  app.delete(
    '/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        security: adminSecurity,
        summary: 'Delete a recipe',
        params: IdParamsSchema,
        response: { 200: DeletedEnvelopeSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await recipes.remove(request.params.id, actorOf(request)),
    }),
  )
}

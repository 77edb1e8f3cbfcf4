import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  IdParamsSchema,
  PageQuerySchema,
  PackageInputSchema,
  PackageListQuerySchema,
  PackageSchema,
  envelope,
  paged,
} from '@tavlin/contracts'
import type { AdminGuard } from '../../plugins/admin-guard.js'
import { actorOf } from '../audit/actor.js'
import type { PackagesService } from './packages.service.js'

const PackageEnvelopeSchema = envelope(PackageSchema)
const PackagePageEnvelopeSchema = envelope(paged(PackageSchema))
const DeletedEnvelopeSchema = envelope(z.object({ _id: z.string() }))

// Writes need an administrator: checked before the body is even parsed, and marked for OpenAPI.
const adminSecurity = [{ bearerAuth: [] }]
export type PackagesRoutesOptions = { packages: PackagesService; requireAdmin: AdminGuard }

export const packagesRoutes: FastifyPluginAsyncZod<PackagesRoutesOptions> = async (
  app,
  { packages, requireAdmin },
) => {
  const tags = ['packages']

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'A page of packages, newest first',
        querystring: PackageListQuerySchema,
        response: { 200: PackagePageEnvelopeSchema },
      },
    },
    async (request) => ({ success: true as const, data: await packages.list(request.query) }),
  )

  app.get(
    '/random',
    {
      // Each call must draw anew: never answered from the response cache.
      config: { responseCache: false },
      schema: {
        tags,
        summary: 'A random selection of packages',
        querystring: PageQuerySchema,
        response: { 200: PackagePageEnvelopeSchema },
      },
    },
    async (request) => ({ success: true as const, data: await packages.random(request.query) }),
  )

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'One package',
        params: IdParamsSchema,
        response: { 200: PackageEnvelopeSchema },
      },
    },
    async (request) => ({ success: true as const, data: await packages.get(request.params.id) }),
  )

  app.post(
    '/',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        security: adminSecurity,
        summary: 'Add a package',
        body: PackageInputSchema,
        response: { 201: PackageEnvelopeSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ success: true, data: await packages.create(request.body, actorOf(request)) }),
  )

  app.put(
    '/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        security: adminSecurity,
        summary: 'Replace a package',
        params: IdParamsSchema,
        body: PackageInputSchema,
        response: { 200: PackageEnvelopeSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await packages.update(request.params.id, request.body, actorOf(request)),
    }),
  )

  app.delete(
    '/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        security: adminSecurity,
        summary: 'Delete a package',
        params: IdParamsSchema,
        response: { 200: DeletedEnvelopeSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await packages.remove(request.params.id, actorOf(request)),
    }),
  )
}

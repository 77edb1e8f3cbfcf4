import { z } from 'zod'
import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import {
  IdParamsSchema,
  PageQuerySchema,
  envelope,
  paged,
  type PageQuery,
  type Paged,
} from '@tavlin/contracts'
import type { AdminGuard } from '../../plugins/admin-guard.js'
import { actorOf, type Actor } from '../audit/index.js'

/** What products, recipes and packages each offer: reads for everyone, writes for admins. */
export type CatalogResourceService<Entity, Input, ListQuery> = {
  list(query: ListQuery): Promise<Paged<Entity>>
  random(query: PageQuery): Promise<Paged<Entity>>
  get(id: string): Promise<Entity>
  create(input: Input, actor?: Actor): Promise<Entity>
  update(id: string, input: Input, actor?: Actor): Promise<Entity>
  remove(id: string, actor?: Actor): Promise<{ _id: string }>
}

export type CatalogResource<
  Entity extends z.ZodType,
  Input extends z.ZodType,
  ListQuery extends z.ZodType,
> = {
  /** The OpenAPI tag and the plural in summaries: "products". */
  plural: string
  /** The singular in summaries: "product". */
  singular: string
  entity: Entity
  input: Input
  listQuery: ListQuery
}

export type CatalogRoutesOptions<Entity, Input, ListQuery> = {
  service: CatalogResourceService<Entity, Input, ListQuery>
  /**
   * The service the admin's writes go through, when the reads above see less than the admin
   * (the shop's products leave hidden ones out, decision 293); `service` otherwise.
   */
  writes?: CatalogResourceService<Entity, Input, ListQuery>
  requireAdmin: AdminGuard
}

const DeletedEnvelopeSchema = envelope(z.object({ _id: z.string() }))
// Writes need an administrator: checked before the body is even parsed, and marked for OpenAPI.
const adminSecurity = [{ bearerAuth: [] }]

type Parts<Entity extends z.ZodType, Input extends z.ZodType, ListQuery extends z.ZodType> = {
  resource: CatalogResource<Entity, Input, ListQuery>
  service: CatalogResourceService<z.output<Entity>, z.output<Input>, z.output<ListQuery>>
  tags: string[]
  entityEnvelope: z.ZodType
}
// Route generics and casts instead of the zod type provider: its inference does not reach
// through generic schemas. The schemas still validate requests and serialise responses
// at run time, so what reaches the service is what the schema parsed.
type IdParams = { Params: z.output<typeof IdParamsSchema> }

/** The six routes every catalogue resource has; register it under the resource's prefix. */
export function catalogResourceRoutes<
  Entity extends z.ZodType,
  Input extends z.ZodType,
  ListQuery extends z.ZodType,
>(
  resource: CatalogResource<Entity, Input, ListQuery>,
): FastifyPluginAsync<CatalogRoutesOptions<z.output<Entity>, z.output<Input>, z.output<ListQuery>>> {
  return async (app, { service, writes, requireAdmin }) => {
    const parts = { resource, service, tags: [resource.plural], entityEnvelope: envelope(resource.entity) }
    readRoutes(app, parts)
    writeRoutes(app, { ...parts, service: writes ?? service }, requireAdmin)
  }
}

/** A page, a random draw and one entity: for everyone. */
function readRoutes<Entity extends z.ZodType, Input extends z.ZodType, ListQuery extends z.ZodType>(
  app: FastifyInstance,
  { resource, service, tags, entityEnvelope }: Parts<Entity, Input, ListQuery>,
): void {
  const { plural, singular } = resource
  const pageEnvelope = envelope(paged(resource.entity))
  app.get<{ Querystring: z.output<ListQuery> }>(
    '/',
    {
      schema: {
        tags,
        summary: `A page of ${plural}, newest first`,
        querystring: resource.listQuery,
        response: { 200: pageEnvelope },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.list(request.query as z.output<ListQuery>),
    }),
  )

  app.get<{ Querystring: PageQuery }>(
    '/random',
    {
      // Each call must draw anew: never answered from the response cache.
      config: { responseCache: false },
      schema: {
        tags,
        summary: `A random selection of ${plural}`,
        querystring: PageQuerySchema,
        response: { 200: pageEnvelope },
      },
    },
    async (request) => ({ success: true as const, data: await service.random(request.query) }),
  )

  app.get<IdParams>(
    '/:id',
    {
      schema: {
        tags,
        summary: `One ${singular}`,
        params: IdParamsSchema,
        response: { 200: entityEnvelope },
      },
    },
    async (request) => ({ success: true as const, data: await service.get(request.params.id) }),
  )
}

/** Add, replace and delete: for administrators. */
function writeRoutes<Entity extends z.ZodType, Input extends z.ZodType, ListQuery extends z.ZodType>(
  app: FastifyInstance,
  { resource, service, tags, entityEnvelope }: Parts<Entity, Input, ListQuery>,
  requireAdmin: AdminGuard,
): void {
  const { singular } = resource
  app.post<{ Body: z.output<Input> }>(
    '/',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        security: adminSecurity,
        summary: `Add a ${singular}`,
        body: resource.input,
        response: { 201: entityEnvelope },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        success: true,
        data: await service.create(request.body as z.output<Input>, actorOf(request)),
      }),
  )

  app.put<IdParams & { Body: z.output<Input> }>(
    '/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        security: adminSecurity,
        summary: `Replace a ${singular}`,
        params: IdParamsSchema,
        body: resource.input,
        response: { 200: entityEnvelope },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.update(request.params.id, request.body as z.output<Input>, actorOf(request)),
    }),
  )

  app.delete<IdParams>(
    '/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        security: adminSecurity,
        summary: `Delete a ${singular}`,
        params: IdParamsSchema,
        response: { 200: DeletedEnvelopeSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.remove(request.params.id, actorOf(request)),
    }),
  )
}

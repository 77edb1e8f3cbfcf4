import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  CourierIdParamsSchema,
  CourierInputSchema,
  CourierSchema,
  ErrorEnvelopeSchema,
  envelope,
} from '@tavlin/contracts'
import type { AdminGuard } from '../../plugins/admin-guard.js'
import { actorOf } from '../audit/index.js'
import type { CouriersService } from './couriers.service.js'

const errors = {
  400: ErrorEnvelopeSchema,
  401: ErrorEnvelopeSchema,
  403: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
}
const security = [{ bearerAuth: [] }]
const tags = ['admin']

/** The owner's couriers and their tracking addresses (issue 41). */
export const couriersAdminRoutes: FastifyPluginAsyncZod<{
  couriers: CouriersService
  requireAdmin: AdminGuard
}> = async (app, { couriers, requireAdmin }) => {
  app.addHook('onRequest', requireAdmin)

  app.get(
    '/admin/couriers',
    {
      schema: {
        tags,
        summary: 'The couriers orders may be sent with, oldest first (admin)',
        security,
        response: { 200: envelope(z.array(CourierSchema)), ...errors },
      },
    },
    async () => ({ success: true as const, data: await couriers.list() }),
  )
  app.post(
    '/admin/couriers',
    {
      schema: {
        tags,
        summary: 'Add a courier: a name and an https tracking address with {number} (admin)',
        security,
        body: CourierInputSchema,
        response: { 201: envelope(CourierSchema), 409: ErrorEnvelopeSchema, ...errors },
      },
    },
    async (request, reply) => {
      const data = await couriers.create(request.body, actorOf(request))
      return reply.code(201).send({ success: true as const, data })
    },
  )
  app.delete(
    '/admin/couriers/:courierId',
    {
      schema: {
        tags,
        summary: 'Remove a courier; orders keep their copy of it (admin)',
        security,
        params: CourierIdParamsSchema,
        response: { 200: envelope(z.object({ _id: z.string() })), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await couriers.remove(request.params.courierId, actorOf(request)),
    }),
  )
}

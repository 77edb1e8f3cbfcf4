import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  DeliveryCatalogSchema,
  DeliveryMethodIdParamsSchema,
  DeliveryMethodInputSchema,
  DeliveryMethodSchema,
  DeliverySettingsSchema,
  ErrorEnvelopeSchema,
  envelope,
} from '@tavlin/contracts'
import type { AdminGuard } from '../../plugins/admin-guard.js'
import { actorOf } from '../audit/index.js'
import type { DeliveryService } from './delivery.service.js'

const errors = {
  400: ErrorEnvelopeSchema,
  401: ErrorEnvelopeSchema,
  403: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
}
const security = [{ bearerAuth: [] }]
const tags = ['admin']

/**
 * The admin's delivery methods and excluded cities (issue 19). Registered as a plugin of its
 * own, so the admin check covers these routes only.
 */
export const deliveryAdminRoutes: FastifyPluginAsyncZod<{
  delivery: DeliveryService
  requireAdmin: AdminGuard
}> = async (app, { delivery, requireAdmin }) => {
  app.addHook('onRequest', requireAdmin)

  app.get(
    '/admin/delivery',
    {
      schema: {
        tags,
        summary: 'Every delivery method, active or not, and the excluded cities (admin)',
        security,
        response: { 200: envelope(DeliveryCatalogSchema), ...errors },
      },
    },
    async () => ({ success: true as const, data: await delivery.adminCatalog() }),
  )
  app.post(
    '/admin/delivery/methods',
    {
      schema: {
        tags,
        summary: 'Add a delivery method: home delivery with zones, or pickup (admin)',
        security,
        body: DeliveryMethodInputSchema,
        response: { 201: envelope(DeliveryMethodSchema), ...errors },
      },
    },
    async (request, reply) => {
      const data = await delivery.create(request.body, actorOf(request))
      return reply.code(201).send({ success: true as const, data })
    },
  )
  app.put(
    '/admin/delivery/methods/:methodId',
    {
      schema: {
        tags,
        summary: 'Edit a delivery method, or switch it off with active: false (admin)',
        security,
        params: DeliveryMethodIdParamsSchema,
        body: DeliveryMethodInputSchema,
        response: { 200: envelope(DeliveryMethodSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await delivery.update(request.params.methodId, request.body, actorOf(request)),
    }),
  )
  app.delete(
    '/admin/delivery/methods/:methodId',
    {
      schema: {
        tags,
        summary: 'Delete a delivery method; orders keep their copy of it (admin)',
        security,
        params: DeliveryMethodIdParamsSchema,
        response: { 200: envelope(z.object({ _id: z.string() })), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await delivery.remove(request.params.methodId, actorOf(request)),
    }),
  )
  app.put(
    '/admin/delivery/settings',
    {
      schema: {
        tags,
        summary: 'The cities the shop does not deliver to (admin)',
        security,
        body: DeliverySettingsSchema,
        response: { 200: envelope(DeliverySettingsSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await delivery.saveSettings(request.body, actorOf(request)),
    }),
  )
}

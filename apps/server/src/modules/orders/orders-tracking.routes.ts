import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  BulkTrackingInputSchema,
  BulkTrackingResultSchema,
  ErrorEnvelopeSchema,
  IdParamsSchema,
  OrderTrackingInputSchema,
  OrderTrackingSchema,
  envelope,
} from '@tavlin/contracts'
import type { AdminGuard } from '../../plugins/admin-guard.js'
import { actorOf } from '../audit/index.js'
import type { OrderTrackingService } from './order-tracking.service.js'

const security = [{ bearerAuth: [] }]
const tags = ['orders']
const errors = {
  400: ErrorEnvelopeSchema,
  401: ErrorEnvelopeSchema,
  403: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
  409: ErrorEnvelopeSchema,
  422: ErrorEnvelopeSchema,
}

/** An order's courier and tracking number, one at a time or from a pasted list (issue 41). */
export const ordersTrackingRoutes: FastifyPluginAsyncZod<{
  tracking: OrderTrackingService
  requireAdmin: AdminGuard
}> = async (app, { tracking, requireAdmin }) => {
  app.addHook('onRequest', requireAdmin)

  app.put(
    '/orders/:id/tracking',
    {
      schema: {
        tags,
        summary: "Set a paid, preparing or shipped order's courier and tracking number (admin)",
        security,
        params: IdParamsSchema,
        body: OrderTrackingInputSchema,
        response: { 200: envelope(OrderTrackingSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await tracking.set(request.params.id, request.body, actorOf(request)),
    }),
  )
  app.delete(
    '/orders/:id/tracking',
    {
      schema: {
        tags,
        summary: "Take an order's tracking number off (admin)",
        security,
        params: IdParamsSchema,
        response: { 200: envelope(z.null()), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await tracking.clear(request.params.id, actorOf(request)),
    }),
  )
  app.post(
    '/orders/tracking',
    {
      schema: {
        tags,
        summary:
          'Tracking numbers for many orders from "order number,tracking number" lines, all or nothing (admin)',
        security,
        body: BulkTrackingInputSchema,
        response: { 200: envelope(BulkTrackingResultSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await tracking.setMany(request.body, actorOf(request)),
    }),
  )
}

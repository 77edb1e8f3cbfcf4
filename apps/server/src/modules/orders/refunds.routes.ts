import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ErrorEnvelopeSchema,
  IdParamsSchema,
  OrderRefundsSchema,
  OrderWithoutDocumentSchema,
  RefundInputSchema,
  envelope,
  toAgorot,
} from '@tavlin/contracts'
import type { AdminGuard } from '../../plugins/admin-guard.js'
import { actorOf } from '../audit/index.js'
import type { OrderDocuments } from './order-documents.js'
import type { OrderRefundsService } from './refund-order.js'

const security = [{ bearerAuth: [] }]
const errors = {
  401: ErrorEnvelopeSchema,
  403: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
}

/** Admin: an order's refunds and receipt, refunding without a notice, orders with no receipt. */
export const refundsRoutes: FastifyPluginAsyncZod<{
  refunds: OrderRefundsService
  documents: OrderDocuments
  requireAdmin: AdminGuard
}> = async (app, { refunds, documents, requireAdmin }) => {
  app.addHook('onRequest', requireAdmin)

  app.get(
    '/orders/without-document',
    {
      schema: {
        tags: ['orders'],
        summary: 'Paid orders with no receipt from the provider (admin)',
        security,
        response: { 200: envelope(z.array(OrderWithoutDocumentSchema)), ...errors },
      },
    },
    async () => ({ success: true as const, data: await documents.withoutDocument() }),
  )

  app.get(
    '/orders/:id/refunds',
    {
      schema: {
        tags: ['orders'],
        summary: "An order's refunds, what is left to refund and its receipt (admin)",
        security,
        params: IdParamsSchema,
        response: { 200: envelope(OrderRefundsSchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await refunds.summary(request.params.id) }),
  )

  app.post(
    '/orders/:id/refunds',
    {
      schema: {
        tags: ['orders'],
        summary: 'Refund part or all of the payment through the provider (admin)',
        security,
        params: IdParamsSchema,
        body: RefundInputSchema,
        response: {
          200: envelope(OrderRefundsSchema),
          400: ErrorEnvelopeSchema,
          409: ErrorEnvelopeSchema,
          502: ErrorEnvelopeSchema,
          ...errors,
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await refunds.refund(
        request.params.id,
        {
          amountAgorot: toAgorot(request.body.amount),
          feeAgorot: toAgorot(request.body.fee),
          restock: request.body.restock,
        },
        actorOf(request),
      ),
    }),
  )
}

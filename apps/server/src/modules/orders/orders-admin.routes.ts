import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  AdminOrderListQuerySchema,
  AdminOrderSchema,
  ErrorEnvelopeSchema,
  IdParamsSchema,
  OrderStatusPatchSchema,
  envelope,
  paged,
} from '@tavlin/contracts'
import type { AdminGuard } from '../../plugins/admin-guard.js'
import { actorOf } from '../audit/index.js'
import type { OrdersService } from './orders.service.js'

const security = [{ bearerAuth: [] }]
const errors = {
  401: ErrorEnvelopeSchema,
  403: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
  409: ErrorEnvelopeSchema,
}

export const ordersAdminRoutes: FastifyPluginAsyncZod<{
  orders: OrdersService
  requireAdmin: AdminGuard
}> = async (app, { orders, requireAdmin }) => {
  app.addHook('onRequest', requireAdmin)

  app.get(
    '/orders',
    {
      schema: {
        tags: ['orders'],
        summary: 'Orders, newest first (admin)',
        security,
        querystring: AdminOrderListQuerySchema,
        response: { 200: envelope(paged(AdminOrderSchema)), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await orders.listOrders(request.query) }),
  )

  app.get(
    '/orders/:id',
    {
      schema: {
        tags: ['orders'],
        summary: 'One order (admin)',
        security,
        params: IdParamsSchema,
        response: { 200: envelope(AdminOrderSchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await orders.getOrder(request.params.id) }),
  )

  app.patch(
    '/orders/:id',
    {
      schema: {
        tags: ['orders'],
        summary: 'Change an order status (admin); only the transitions of DESIGN §5',
        security,
        params: IdParamsSchema,
        body: OrderStatusPatchSchema,
        response: { 200: envelope(AdminOrderSchema), 400: ErrorEnvelopeSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await orders.changeStatus(request.params.id, request.body.orderStatus, actorOf(request)),
    }),
  )
}

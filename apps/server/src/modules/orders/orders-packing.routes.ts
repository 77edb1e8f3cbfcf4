import { Readable } from 'node:stream'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ErrorEnvelopeSchema,
  OrdersExportQuerySchema,
  ShipOrdersResultSchema,
  ShipOrdersSchema,
  envelope,
} from '@tavlin/contracts'
import type { AdminGuard } from '../../plugins/admin-guard.js'
import { actorOf } from '../audit/index.js'
import { ordersCsv, ordersExportFileName } from './orders-export.js'
import type { OrdersExportRepository } from './orders-export.repository.js'
import type { OrdersService } from './orders.service.js'
import { shipOrders } from './ship-orders.js'

const security = [{ bearerAuth: [] }]
const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema }

/** The packing table's bulk action and the accountant's export (issue 21). */
export const ordersPackingRoutes: FastifyPluginAsyncZod<{
  orders: OrdersService
  exports: OrdersExportRepository
  requireAdmin: AdminGuard
}> = async (app, { orders, exports, requireAdmin }) => {
  app.addHook('onRequest', requireAdmin)

  app.post(
    '/orders/ship',
    {
      schema: {
        tags: ['orders'],
        summary: 'Mark paid or preparing orders as shipped, each through its status steps (admin)',
        security,
        body: ShipOrdersSchema,
        response: { 200: envelope(ShipOrdersResultSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await shipOrders(orders, request.body.ids, actorOf(request)),
    }),
  )

  app.get(
    '/orders/export.csv',
    {
      schema: {
        tags: ['orders'],
        summary: 'Orders as CSV for the accountant, by date range; per order or per line (admin)',
        security,
        querystring: OrdersExportQuerySchema,
        produces: ['text/csv'],
        // A stream of CSV text: typed as unknown, as Fastify sends a stream without serialising.
        response: { 200: z.unknown().describe('text/csv; charset=utf-8, streamed'), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${ordersExportFileName(request.query, new Date())}"`,
        )
        .header('cache-control', 'no-store')
        .send(Readable.from(ordersCsv(exports, request.query))),
  )
}

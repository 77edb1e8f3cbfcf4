import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { DashboardQuerySchema, DashboardSchema, ErrorEnvelopeSchema, envelope } from '@tavlin/contracts'
import type { AdminGuard } from '../../plugins/admin-guard.js'
import type { DashboardService } from './dashboard.service.js'

export const dashboardRoutes: FastifyPluginAsyncZod<{
  dashboard: DashboardService
  requireAdmin: AdminGuard
}> = async (app, { dashboard, requireAdmin }) => {
  app.addHook('onRequest', requireAdmin)

  app.get(
    '/admin/dashboard',
    {
      schema: {
        tags: ['admin'],
        summary: "The owner's morning figures: sales, orders waiting, best sellers (admin)",
        security: [{ bearerAuth: [] }],
        querystring: DashboardQuerySchema,
        response: {
          200: envelope(DashboardSchema),
          400: ErrorEnvelopeSchema,
          401: ErrorEnvelopeSchema,
          403: ErrorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store')
      return { success: true as const, data: await dashboard.dashboard(request.query) }
    },
  )
}

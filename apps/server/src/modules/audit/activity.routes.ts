import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  ActivityEntrySchema,
  ActivityQuerySchema,
  ErrorEnvelopeSchema,
  envelope,
  paged,
} from '@tavlin/contracts'
import type { AdminGuard } from '../../plugins/admin-guard.js'
import type { AuditService } from './audit.service.js'

export const activityRoutes: FastifyPluginAsyncZod<{
  audit: AuditService
  requireAdmin: AdminGuard
}> = async (app, { audit, requireAdmin }) => {
  app.get(
    '/admin/activity',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Admin changes (create, update, delete, status), newest first (admin)',
        security: [{ bearerAuth: [] }],
        querystring: ActivityQuerySchema,
        response: {
          200: envelope(paged(ActivityEntrySchema)),
          400: ErrorEnvelopeSchema,
          401: ErrorEnvelopeSchema,
          403: ErrorEnvelopeSchema,
        },
      },
    },
    async (request) => ({ success: true as const, data: await audit.list(request.query) }),
  )
}

import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, ErrorEnvelopeSchema } from '@tavlin/contracts'
import type { AdminGuard } from '../../plugins/admin-guard.js'
import { AppError } from '../../lib/errors.js'
import { identityOf } from './access-token.js'

const AdminMeSchema = envelope(
  z.object({ subject: z.string(), email: z.string().nullable(), roles: z.array(z.string()) }),
)

/** Who the bearer token says the administrator is; lets the SPA and tests check the whole chain. */
export const adminMeRoutes: FastifyPluginAsyncZod<{ requireAdmin: AdminGuard }> = async (
  app,
  { requireAdmin },
) => {
  app.get(
    '/admin/me',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['identity'],
        summary: 'The signed-in administrator, from the access token',
        security: [{ bearerAuth: [] }],
        response: { 200: AdminMeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema },
      },
    },
    async (request) => {
      const identity = identityOf(request)
      if (!identity) throw new AppError('UNAUTHORIZED', 'Sign-in required')
      return {
        success: true as const,
        data: { subject: identity.subject, email: identity.email ?? null, roles: identity.roles },
      }
    },
  )
}

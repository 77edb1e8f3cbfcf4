import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Redis } from 'ioredis'
import { z } from 'zod'
import {
  CancellationFormSchema,
  CancellationListQuerySchema,
  CancellationReceiptSchema,
  CancellationSchema,
  ErrorEnvelopeSchema,
  IdParamsSchema,
  envelope,
} from '@tavlin/contracts'
import type { AdminGuard } from '../../plugins/admin-guard.js'
import { actorOf } from '../audit/index.js'
import type { CancellationsService } from './cancellations.service.js'
import { registerRouteRateLimit } from '../../plugins/route-rate-limit.js'

const security = [{ bearerAuth: [] }]
const adminErrors = {
  401: ErrorEnvelopeSchema,
  403: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
  409: ErrorEnvelopeSchema,
}

export const cancellationsRoutes: FastifyPluginAsyncZod<{
  cancellations: CancellationsService
  requireAdmin: AdminGuard
  /** Notices per minute per client address: guessing order numbers must stay slow. */
  perMinute: number
  redis: Redis | null
}> = async (app, { cancellations, requireAdmin, perMinute, redis }) => {
  await registerRouteRateLimit(app, redis, 'tavlin:rate-limit:cancel:')

  app.post(
    '/cancellations',
    {
      bodyLimit: 16 * 1024,
      config: { rateLimit: { max: perMinute, timeWindow: 60_000 } },
      schema: {
        tags: ['cancellations'],
        summary: 'Send a cancellation notice (ביטול עסקה); the same answer whether or not the order exists',
        body: CancellationFormSchema,
        response: {
          202: envelope(CancellationReceiptSchema),
          400: ErrorEnvelopeSchema,
          429: ErrorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      await cancellations.submit(request.body)
      return reply.code(202).send({ success: true as const, data: { received: true as const } })
    },
  )

  await app.register(async (instance) => {
    const admin = instance.withTypeProvider<ZodTypeProvider>()
    admin.addHook('onRequest', requireAdmin)
    adminRoutes(admin, cancellations)
  })
}

type ZodApp = Parameters<FastifyPluginAsyncZod>[0]

/** The inbox and its decisions, behind the admin guard. */
function adminRoutes(admin: ZodApp, cancellations: CancellationsService) {
  admin.get(
    '/cancellations',
    {
      schema: {
        tags: ['cancellations'],
        summary: 'The cancellations inbox, newest first (admin)',
        security,
        querystring: CancellationListQuerySchema,
        response: { 200: envelope(z.array(CancellationSchema)), ...adminErrors },
      },
    },
    async (request) => ({ success: true as const, data: await cancellations.list(request.query) }),
  )
  admin.post(
    '/cancellations/:id/approve',
    {
      schema: {
        tags: ['cancellations'],
        summary: 'Approve a notice: refund what the law allows through the provider (admin)',
        security,
        params: IdParamsSchema,
        response: { 200: envelope(CancellationSchema), 502: ErrorEnvelopeSchema, ...adminErrors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await cancellations.approve(request.params.id, actorOf(request)),
    }),
  )
  admin.post(
    '/cancellations/:id/reject',
    {
      schema: {
        tags: ['cancellations'],
        summary: 'Close a notice without a refund (admin)',
        security,
        params: IdParamsSchema,
        response: { 200: envelope(CancellationSchema), ...adminErrors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await cancellations.reject(request.params.id, actorOf(request)),
    }),
  )
}

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
import type { AdminGuard, OptionalShopper } from '../../plugins/admin-guard.js'
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
  /** Who is signed in, if anyone: the owner of the order gives the notice at once (decision 238). */
  shopperOf: OptionalShopper
  /** Notices per minute per client address: guessing order numbers must stay slow. */
  perMinute: number
  redis: Redis | null
}> = async (app, { cancellations, requireAdmin, shopperOf, perMinute, redis }) => {
  await registerRouteRateLimit(app, redis, 'tavlin:rate-limit:cancel:')

  app.post(
    '/cancellations',
    {
      bodyLimit: 16 * 1024,
      config: { rateLimit: { max: perMinute, timeWindow: 60_000 } },
      schema: {
        tags: ['cancellations'],
        summary: 'Send a cancellation notice (ביטול עסקה); the same answer whether or not the order exists',
        description:
          "With the bearer token of the order's own shopper the notice is given at once (confirmation: filed). " +
          "Otherwise (confirmation: by-email) a matching order's own e-mail gets a link, and the notice is given when it is confirmed. " +
          'An invalid or expired token is a 401.',
        body: CancellationFormSchema,
        response: {
          202: envelope(CancellationReceiptSchema),
          400: ErrorEnvelopeSchema,
          401: ErrorEnvelopeSchema,
          429: ErrorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const shopper = await shopperOf(request)
      const confirmation = await cancellations.submit(request.body, {
        shopperSubject: shopper?.subject,
        clientAddress: request.ip,
      })
      return reply.code(202).send({ success: true as const, data: { received: true as const, confirmation } })
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

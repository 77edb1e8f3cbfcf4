import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Redis } from 'ioredis'
import { z } from 'zod'
import {
  ErrorEnvelopeSchema,
  StockAlertCountsSchema,
  StockAlertKeySchema,
  StockAlertReceivedSchema,
  StockAlertRequestSchema,
  envelope,
} from '@tavlin/contracts'
import type { AdminGuard, OptionalShopper } from '../../plugins/admin-guard.js'
import { registerRouteRateLimit } from '../../plugins/route-rate-limit.js'
import { actorOf } from '../audit/index.js'
import type { StockAlertsService } from './stock-alerts.service.js'

export type StockAlertsRoutesOptions = {
  stockAlerts: StockAlertsService
  requireAdmin: AdminGuard
  shopperOf: OptionalShopper
  /** Requests one client address may send a minute (FORMS_RATE_LIMIT_PER_MINUTE). */
  perMinute: number
  redis: Redis | null
}

const security = [{ bearerAuth: [] }]
const adminErrors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema }

/** Back-in-stock alerts (issue 36, decision 277): the shopper's request, the owner's counts. */
export const stockAlertsRoutes: FastifyPluginAsyncZod<StockAlertsRoutesOptions> = async (
  app,
  { stockAlerts, requireAdmin, shopperOf, perMinute, redis },
) => {
  await registerRouteRateLimit(app, redis, 'tavlin:rate-limit:stock-alerts:')

  app.post(
    '/stock-alerts',
    {
      config: { rateLimit: { max: perMinute, timeWindow: 60_000 } },
      schema: {
        tags: ['catalog'],
        summary:
          'Ask for one e-mail when a sold-out size (or package) is back: the address first gets a confirmation link',
        description:
          "The alert waits only once confirmed from the address's own mailbox, and is mailed once, when the size has units again. " +
          'The same 202 whether or not a link was sent (already waiting, asked a moment ago, or the mailbox had its day of links). ' +
          '400: bad e-mail. 404 NOT_FOUND: no such product, package or size. 409 STOCK_ALERT_IN_STOCK: it can be bought now. ' +
          '429 STOCK_ALERT_LIMIT_REACHED: the mailbox already waits for the most sizes allowed; 429 RATE_LIMITED: too many requests.',
        body: StockAlertRequestSchema,
        response: {
          202: envelope(StockAlertReceivedSchema),
          400: ErrorEnvelopeSchema,
          404: ErrorEnvelopeSchema,
          409: ErrorEnvelopeSchema,
          429: ErrorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const shopper = await shopperOf(request)
      await stockAlerts.request(request.body, request.ip, shopper?.subject ?? null)
      return reply.code(202).send({ success: true as const, data: { received: true as const } })
    },
  )

  await app.register(async (scope) => {
    const admin = scope.withTypeProvider<ZodTypeProvider>()
    admin.addHook('onRequest', requireAdmin)

    admin.get(
      '/admin/stock/alerts',
      {
        schema: {
          tags: ['admin'],
          summary: 'How many shoppers wait for each sold-out size or package, the most-awaited first (admin)',
          security,
          response: { 200: envelope(StockAlertCountsSchema), ...adminErrors },
        },
      },
      async () => ({ success: true as const, data: await stockAlerts.counts() }),
    )

    admin.delete(
      '/admin/stock/alerts',
      {
        schema: {
          tags: ['admin'],
          summary: "Drop a size's waiting list without mailing anyone (it will not come back) (admin)",
          security,
          querystring: StockAlertKeySchema,
          response: { 200: envelope(z.object({ dropped: z.number().int() })), ...adminErrors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await stockAlerts.drop(request.query, actorOf(request)),
      }),
    )
  })
}

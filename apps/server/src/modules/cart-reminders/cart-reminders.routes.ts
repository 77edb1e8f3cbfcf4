import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Redis } from 'ioredis'
import { ConfirmationTokenSchema, ErrorEnvelopeSchema, RestoredCartSchema, envelope } from '@tavlin/contracts'
import { registerRouteRateLimit } from '../../plugins/route-rate-limit.js'
import type { CartRemindersService } from './cart-reminders.service.js'

/** Per client address: the tokens cannot be guessed, so this only spares the database. */
const CALLS_PER_MINUTE = 30

const linkErrors = {
  400: ErrorEnvelopeSchema,
  409: ErrorEnvelopeSchema,
  410: ErrorEnvelopeSchema,
  429: ErrorEnvelopeSchema,
}
const LINK_ERRORS_TEXT =
  '400 LINK_INVALID: not a link the shop signed, or unknown. 409 LINK_USED: the cart was restored with it already. 410 LINK_EXPIRED: its time ran out.'

/**
 * The restore page's calls (decision 282): POSTs with the token in the body, as the confirm
 * page's (decision 237); the preview changes nothing, the restore uses the link once.
 */
export const cartRemindersRoutes: FastifyPluginAsyncZod<{
  reminders: CartRemindersService
  redis: Redis | null
}> = async (app, { reminders, redis }) => {
  await registerRouteRateLimit(app, redis, 'tavlin:rate-limit:cart-reminders:')
  const limited = { config: { rateLimit: { max: CALLS_PER_MINUTE, timeWindow: 60_000 } } }

  app.post(
    '/cart-reminders/preview',
    {
      ...limited,
      schema: {
        tags: ['orders'],
        summary: "What a reminder's link would put back in the cart, at today's prices; changes nothing",
        description: LINK_ERRORS_TEXT,
        body: ConfirmationTokenSchema,
        response: { 200: envelope(RestoredCartSchema), ...linkErrors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store')
      return { success: true as const, data: await reminders.preview(request.body.token) }
    },
  )

  app.post(
    '/cart-reminders/restore',
    {
      ...limited,
      schema: {
        tags: ['orders'],
        summary:
          "Use a reminder's link once: the left order's items at today's prices, sold-out and deleted ones listed apart",
        description: LINK_ERRORS_TEXT,
        body: ConfirmationTokenSchema,
        response: { 200: envelope(RestoredCartSchema), ...linkErrors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store')
      return { success: true as const, data: await reminders.restore(request.body.token) }
    },
  )
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Redis } from 'ioredis'
import {
  ConfirmationPreviewSchema,
  ConfirmationResultSchema,
  ConfirmationTokenSchema,
  ErrorEnvelopeSchema,
  envelope,
} from '@tavlin/contracts'
import { registerRouteRateLimit } from '../../plugins/route-rate-limit.js'
import type { ConfirmationsService } from './confirmations.service.js'

/** Per client address: the tokens cannot be guessed, so this only spares the database. */
const CALLS_PER_MINUTE = 30

const linkErrors = {
  400: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
  409: ErrorEnvelopeSchema,
  410: ErrorEnvelopeSchema,
  429: ErrorEnvelopeSchema,
}

/**
 * The confirm page's calls (decision 237). Both are POSTs with the token in the body: a
 * token never sits in an address, and opening a link (as mail scanners do) changes nothing.
 */
export const confirmationsRoutes: FastifyPluginAsyncZod<{
  confirmations: ConfirmationsService
  redis: Redis | null
}> = async (app, { confirmations, redis }) => {
  await registerRouteRateLimit(app, redis, 'tavlin:rate-limit:confirm:')
  const limited = { config: { rateLimit: { max: CALLS_PER_MINUTE, timeWindow: 60_000 } } }

  app.post(
    '/confirmations/preview',
    {
      ...limited,
      schema: {
        tags: ['privacy'],
        summary: 'What an e-mailed confirmation link is for; changes nothing',
        description:
          '400 LINK_INVALID: not a link the shop signed, or unknown. 409 LINK_USED: already confirmed. 410 LINK_EXPIRED: its time ran out.',
        body: ConfirmationTokenSchema,
        response: { 200: envelope(ConfirmationPreviewSchema), ...linkErrors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store')
      return { success: true as const, data: await confirmations.preview(request.body.token) }
    },
  )

  app.post(
    '/confirmations/confirm',
    {
      ...limited,
      schema: {
        tags: ['privacy'],
        summary:
          "Confirm from one's own mailbox: records the marketing consent, files the deletion request or gives the cancellation notice",
        description:
          'Once per link, before it expires. Errors as for /confirmations/preview; 404 when the order of a cancellation is gone.',
        body: ConfirmationTokenSchema,
        response: { 200: envelope(ConfirmationResultSchema), ...linkErrors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store')
      return {
        success: true as const,
        data: await confirmations.confirm(request.body.token, request.ip),
      }
    },
  )
}

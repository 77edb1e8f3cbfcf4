import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorEnvelopeSchema, envelope } from '@tavlin/contracts'
import type { PaymentsService } from './payments.service.js'

const CallbackAckSchema = envelope(z.object({ received: z.literal(true) }))

export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  // The signature covers the exact bytes PayPlus sent, so this scope keeps the raw body.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))

  app.post(
    '/payments/payplus/callback',
    {
      schema: {
        tags: ['payments'],
        summary: 'PayPlus server-to-server callback (HMAC-signed)',
        response: { 200: CallbackAckSchema, 401: ErrorEnvelopeSchema },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
      await payments.receiveCallback(raw, request.headers)
      return { success: true as const, data: { received: true as const } }
    },
  )
}

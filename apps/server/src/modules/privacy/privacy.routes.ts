import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Redis } from 'ioredis'
import {
  DeletionRequestFormSchema,
  DeletionRequestSchema,
  ErasureResultSchema,
  ErrorEnvelopeSchema,
  FormSubmissionListQuerySchema,
  UnsubscribeRequestSchema,
  envelope,
  paged,
} from '@tavlin/contracts'
import { z } from 'zod'
import { AppError } from '../../lib/errors.js'
import type { AdminGuard } from '../../plugins/admin-guard.js'
import { actorOf } from '../audit/index.js'
import type { PrivacyService } from './privacy.service.js'
import { registerRouteRateLimit } from '../../plugins/route-rate-limit.js'

export type PrivacyRoutesOptions = {
  privacy: PrivacyService
  requireAdmin: AdminGuard
  perMinute: number
  redis: Redis | null
}

const adminErrors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema }
const security = [{ bearerAuth: [] }]

/** Under /api: unsubscribing, deletion requests, and the admin's consent export and erasure (issue 18). */
export const privacyRoutes: FastifyPluginAsyncZod<PrivacyRoutesOptions> = async (
  app,
  { privacy, requireAdmin, perMinute, redis },
) => {
  await registerRouteRateLimit(app, redis, 'tavlin:rate-limit:privacy:')
  const limited = { config: { rateLimit: { max: perMinute, timeWindow: 60_000 } } }

  app.post(
    '/privacy/deletion-requests',
    {
      ...limited,
      schema: {
        tags: ['privacy'],
        summary:
          "Ask for one's data to be erased: the address gets a confirmation link, and the admin sees the request once it is confirmed",
        description:
          'The same answer whether or not the address is known, and whether or not a mail was sent.',
        body: DeletionRequestFormSchema,
        response: {
          201: envelope(z.object({ received: z.literal(true) })),
          400: ErrorEnvelopeSchema,
          429: ErrorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      await privacy.requestDeletion(request.body, request.ip)
      return reply.code(201).send({ success: true as const, data: { received: true as const } })
    },
  )

  app.post(
    '/marketing/unsubscribe',
    {
      ...limited,
      schema: {
        tags: ['privacy'],
        summary: 'Leave the mailing list with the token of any marketing message (no sign-in)',
        body: UnsubscribeRequestSchema,
        response: {
          200: envelope(z.object({ unsubscribed: z.literal(true) })),
          400: ErrorEnvelopeSchema,
          404: ErrorEnvelopeSchema,
          429: ErrorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      if (!(await privacy.unsubscribe(request.body.token)))
        throw new AppError('NOT_FOUND', 'Unknown unsubscribe link')
      return { success: true as const, data: { unsubscribed: true as const } }
    },
  )

  await app.register(async (scope) => {
    const admin = scope.withTypeProvider<ZodTypeProvider>()
    admin.addHook('onRequest', requireAdmin)
    adminRoutes(admin, privacy)
  })
}

type ZodApp = Parameters<FastifyPluginAsyncZod>[0]

/** The consent export and the deletion requests, behind the admin guard. */
function adminRoutes(admin: ZodApp, privacy: PrivacyService) {
  admin.get(
    '/admin/marketing/consents.csv',
    {
      schema: {
        tags: ['admin'],
        summary: 'The addresses that agreed to marketing mail, with when and to what, as CSV (admin)',
        security,
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv; charset=utf-8'), ...adminErrors },
      },
    },
    async (_request, reply) => {
      const { fileName, csv } = await privacy.exportConsentsCsv()
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(csv)
    },
  )
  admin.get(
    '/admin/privacy/deletion-requests',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Requests to erase personal data, newest first; each confirmed by its address (older ones without confirmedAt cannot be acted on) (admin)',
        security,
        querystring: FormSubmissionListQuerySchema,
        response: { 200: envelope(paged(DeletionRequestSchema)), ...adminErrors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await privacy.listDeletionRequests(request.query),
    }),
  )
  admin.post(
    '/admin/privacy/deletion-requests/:id/erase',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Erase the person's form submissions and consent, mask their orders' personal fields (admin)",
        security,
        params: z.object({ id: z.uuid() }),
        response: {
          200: envelope(ErasureResultSchema),
          404: ErrorEnvelopeSchema,
          409: ErrorEnvelopeSchema,
          ...adminErrors,
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await privacy.erase(request.params.id, actorOf(request)),
    }),
  )
}

/**
 * `POST /unsubscribe?token=`: what a mail client sends for the List-Unsubscribe-Post
 * header (RFC 8058), outside /api. Its body ("List-Unsubscribe=One-Click") is ignored.
 */
export const oneClickUnsubscribeRoute: FastifyPluginAsyncZod<{ privacy: PrivacyService }> = async (
  app,
  { privacy },
) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, _body, done) => done(null, {}),
  )
  app.post(
    '/unsubscribe',
    { schema: { hide: true, querystring: UnsubscribeRequestSchema } },
    async (request, reply) => {
      const isKnown = await privacy.unsubscribe(request.query.token)
      return reply
        .code(isKnown ? 200 : 404)
        .type('text/plain; charset=utf-8')
        .send(isKnown ? 'הוסרת מרשימת הדיוור.' : 'הקישור אינו מוכר.')
    },
  )
}

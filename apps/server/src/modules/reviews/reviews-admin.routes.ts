import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  AdminReviewListSchema,
  AdminReviewQuerySchema,
  AdminReviewSchema,
  ErrorEnvelopeSchema,
  ReviewIdParamsSchema,
  ReviewRejectSchema,
  ReviewReplySchema,
  ReviewSettingsSchema,
  envelope,
} from '@tavlin/contracts'
import type { AdminGuard } from '../../plugins/admin-guard.js'
import { actorOf } from '../audit/index.js'
import type { ReviewRequests } from './review-requests.service.js'
import type { ReviewModeration } from './reviews-public.service.js'

const adminErrors = {
  400: ErrorEnvelopeSchema,
  401: ErrorEnvelopeSchema,
  403: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
}
const base = { tags: ['admin'], security: [{ bearerAuth: [] }] }
const ok = <T>(data: T) => ({ success: true as const, data })
const one = { params: ReviewIdParamsSchema, response: { 200: envelope(AdminReviewSchema), ...adminErrors } }

/**
 * The admin's "חוות דעת" (issue 36): the queue, approve, reject with a reason, the shop's public
 * reply, and the review e-mail's delay. Each act is in the activity log. An approval or a reply
 * moves the catalogue version (a trigger, migration 0026), so kept pages show it at once.
 */
export const reviewsAdminRoutes: FastifyPluginAsyncZod<{
  moderation: ReviewModeration
  requests: ReviewRequests
  requireAdmin: AdminGuard
}> = async (app, { moderation, requests, requireAdmin }) => {
  app.addHook('onRequest', requireAdmin)
  app.get(
    '/admin/reviews',
    {
      schema: {
        ...base,
        summary:
          'Reviews by status: waiting ones (the default) the oldest first, decided ones the newest first',
        querystring: AdminReviewQuerySchema,
        response: { 200: envelope(AdminReviewListSchema), ...adminErrors },
      },
    },
    async (request) => ok(await moderation.list(request.query.status, request.query.page)),
  )
  app.get(
    '/admin/reviews/settings',
    {
      schema: {
        ...base,
        summary: 'Whether the review e-mail goes, and how many days after delivery (0: the same day)',
        response: { 200: envelope(ReviewSettingsSchema), ...adminErrors },
      },
    },
    async () => ok(await requests.settings()),
  )
  app.put(
    '/admin/reviews/settings',
    {
      schema: {
        ...base,
        summary: 'Turn the review e-mail on or off and set its days after delivery',
        body: ReviewSettingsSchema,
        response: { 200: envelope(ReviewSettingsSchema), ...adminErrors },
      },
    },
    async (request) => ok(await requests.updateSettings(request.body, actorOf(request))),
  )
  app.post(
    '/admin/reviews/:id/approve',
    { schema: { ...base, ...one, summary: 'Publish a review on its product page' } },
    async (request) => ok(await moderation.approve(request.params.id, actorOf(request))),
  )
  app.post(
    '/admin/reviews/:id/reject',
    {
      schema: {
        ...base,
        ...one,
        summary: 'Refuse a review (or take a published one down); the reason is kept and the buyer sees it',
        body: ReviewRejectSchema,
      },
    },
    async (request) => ok(await moderation.reject(request.params.id, request.body.reason, actorOf(request))),
  )
  app.put(
    '/admin/reviews/:id/reply',
    {
      schema: {
        ...base,
        ...one,
        summary: "The shop's public reply under the review; an empty reply removes it",
        body: ReviewReplySchema,
      },
    },
    async (request) => ok(await moderation.reply(request.params.id, request.body.reply, actorOf(request))),
  )
}

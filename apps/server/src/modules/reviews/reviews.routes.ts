import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Redis } from 'ioredis'
import { z } from 'zod'
import {
  ErrorEnvelopeSchema,
  IdSchema,
  ItemReviewsQuerySchema,
  ItemReviewsSchema,
  ItemTypeSchema,
  REVIEW_LIMITS,
  RatingsQuerySchema,
  RatingsSchema,
  ReviewInputSchema,
  ReviewItemParamsSchema,
  ReviewLinkInputSchema,
  ReviewLinkSchema,
  ReviewableItemSchema,
  ReviewableListSchema,
  envelope,
  type ReviewItemRef,
} from '@tavlin/contracts'
import { invalidField } from '../../lib/errors.js'
import type { ShopperGuard } from '../../plugins/admin-guard.js'
import { registerRouteRateLimit } from '../../plugins/route-rate-limit.js'
import { identityOf } from '../identity/index.js'
import type { PublishedReviews } from './reviews-public.service.js'
import type { ReviewsService } from './reviews.service.js'

const errors = {
  400: ErrorEnvelopeSchema,
  401: ErrorEnvelopeSchema,
  403: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
  409: ErrorEnvelopeSchema,
  410: ErrorEnvelopeSchema,
  422: ErrorEnvelopeSchema,
  429: ErrorEnvelopeSchema,
}
const ok = <T>(data: T) => ({ success: true as const, data })
const OwnReviewSchema = ReviewableItemSchema.shape.review.unwrap()
const perHour = { config: { rateLimit: { max: REVIEW_LIMITS.perHour, timeWindow: 3_600_000 } } }
const ITEM_KEY = z.string().regex(/^(Product|Package):/)

/** `Product:<id>,Package:<id>` → the items; anything else is a 400 naming the query. */
function parseItems(list: string): ReviewItemRef[] {
  const items = list.split(',').filter((part) => part.length > 0)
  return items.map((part) => {
    const [itemType, itemId] = part.split(':')
    const parsed = ReviewItemParamsSchema.safeParse({ itemType, itemId })
    if (!ITEM_KEY.safeParse(part).success || !parsed.success)
      throw invalidField('query.items', 'validation.invalidId')
    return parsed.data
  })
}

/** What everybody reads (kept per catalogue version, registered in the cached scope). */
export const reviewReadRoutes: FastifyPluginAsyncZod<{ published: PublishedReviews }> = async (
  app,
  { published },
) => {
  app.get(
    '/reviews/ratings',
    {
      schema: {
        tags: ['reviews'],
        summary: "The cards' stars: average and count of published reviews, by `<itemType>:<itemId>`",
        querystring: RatingsQuerySchema,
        response: { 200: envelope(RatingsSchema), 400: ErrorEnvelopeSchema },
      },
    },
    async (request) => ok(await published.ratings(parseItems(request.query.items))),
  )
  app.get(
    '/reviews/:itemType/:itemId',
    {
      schema: {
        tags: ['reviews'],
        summary: "An item's published reviews, newest first, with the average, count and distribution",
        params: z.object({ itemType: ItemTypeSchema, itemId: IdSchema }),
        querystring: ItemReviewsQuerySchema,
        response: { 200: envelope(ItemReviewsSchema), 400: ErrorEnvelopeSchema },
      },
    },
    async (request) => ok(await published.ofItem(request.params, request.query.page)),
  )
}

/** A buyer's writes: through an e-mailed link (anyone holding it) or from /account (a shopper). */
export const reviewWriteRoutes: FastifyPluginAsyncZod<{
  reviews: ReviewsService
  requireShopper: ShopperGuard
  redis: Redis | null
}> = async (app, { reviews, requireShopper, redis }) => {
  await registerRouteRateLimit(app, redis, 'tavlin:rate-limit:reviews:')
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('cache-control', 'no-store')
  })
  linkRoutes(app, reviews)
  accountReviewRoutes(app, reviews, requireShopper)
}

type ZodApp = Parameters<FastifyPluginAsyncZod>[0]
const subjectOf = (request: Parameters<typeof identityOf>[0]) => identityOf(request)!.subject

/** Anyone holding an e-mailed link (decision 281): the token rides in the body, never in an address. */
function linkRoutes(app: ZodApp, reviews: ReviewsService) {
  app.post(
    '/reviews/link/preview',
    {
      ...perHour,
      schema: {
        tags: ['reviews'],
        summary:
          'What an e-mailed review link is for (the item, and the name the review will show); changes nothing',
        description:
          '400 LINK_INVALID, 409 LINK_USED, 410 LINK_EXPIRED, 403 REVIEW_NOT_ALLOWED (the order is no longer delivered).',
        body: z.object({ token: ReviewLinkInputSchema.shape.token }),
        response: { 200: envelope(ReviewLinkSchema), ...errors },
      },
    },
    async (request) => ok(await reviews.link(request.body.token)),
  )
  app.post(
    '/reviews/link',
    {
      ...perHour,
      schema: {
        tags: ['reviews'],
        summary: 'A review through an e-mailed link: used once; the review waits for approval',
        description:
          'As the preview, and 409 REVIEW_EXISTS (this buyer reviewed the item already), 422 REVIEW_PHOTO_UNKNOWN.',
        body: ReviewLinkInputSchema,
        response: { 201: envelope(OwnReviewSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { token, ...input } = request.body
      return reply.code(201).send(ok(await reviews.createFromLink(token, input)))
    },
  )
}

/** A signed-in shopper's reviews of what their orders delivered. */
function accountReviewRoutes(app: ZodApp, reviews: ReviewsService, requireShopper: ShopperGuard) {
  app.get(
    '/account/reviews',
    {
      onRequest: requireShopper,
      schema: {
        tags: ['account'],
        security: [{ bearerAuth: [] }],
        summary: "What the shopper's delivered orders hold, the latest first, each with their review",
        response: { 200: envelope(ReviewableListSchema), ...errors },
      },
    },
    async (request) => ok(await reviews.reviewable(subjectOf(request))),
  )
  const writeSchema = {
    tags: ['account'],
    security: [{ bearerAuth: [] }],
    params: ReviewItemParamsSchema,
    body: ReviewInputSchema,
  }
  app.post(
    '/account/reviews/:itemType/:itemId',
    {
      ...perHour,
      onRequest: requireShopper,
      schema: {
        ...writeSchema,
        summary:
          'Review an item a delivered order of the shopper held (403 REVIEW_NOT_ALLOWED, 409 REVIEW_EXISTS)',
        response: { 201: envelope(OwnReviewSchema), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(ok(await reviews.create(subjectOf(request), request.params, request.body))),
  )
  app.put(
    '/account/reviews/:itemType/:itemId',
    {
      ...perHour,
      onRequest: requireShopper,
      schema: {
        ...writeSchema,
        summary: "Edit the shopper's review: it waits for approval again (404 when there is none)",
        response: { 200: envelope(OwnReviewSchema), ...errors },
      },
    },
    async (request) => ok(await reviews.edit(subjectOf(request), request.params, request.body)),
  )
}

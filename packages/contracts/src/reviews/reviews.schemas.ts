import { z } from 'zod'
import { IdSchema } from '../common/ids.js'
import { paged } from '../common/envelope.js'
import { ItemTypeSchema } from '../orders/order.schemas.js'

/**
 * Reviews from verified buyers (issue 36, decisions 279–281): 1–5 stars and a Hebrew text by
 * someone who received the item, through /account or a signed single-use e-mailed link. Each
 * waits for the owner's approval; the public sees the author as a first name and an initial.
 */

export const REVIEW_LIMITS = {
  minComment: 10,
  maxComment: 2000,
  maxReply: 2000,
  maxReason: 500,
  /** Reviews (and photos) one buyer may send per hour, per route. */
  perHour: 20,
  /** Newest first, this many per page of the product page. */
  pageSize: 10,
} as const

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const
export const ReviewStatusSchema = z.enum(REVIEW_STATUSES)
export type ReviewStatus = z.infer<typeof ReviewStatusSchema>

/** A web address in any common spelling: the text may carry no link (decision 280). */
const LINK = /(https?:\/\/|www\.|[a-z0-9-]+\.(com|net|org|io|co|il|info|biz|me|ly|app|shop)\b)/i
export function hasLink(text: string): boolean {
  return LINK.test(text)
}

/** Which item a review is of: a product (all its sizes) or a package. */
export const ReviewItemParamsSchema = z.object({ itemType: ItemTypeSchema, itemId: IdSchema })
export type ReviewItemRef = z.infer<typeof ReviewItemParamsSchema>

/** What a buyer writes; the photo is an address POST /api/reviews/photos answered. */
export const ReviewInputSchema = z.object({
  rating: z.number().int().min(1, 'reviews.errors.rating').max(5, 'reviews.errors.rating'),
  comment: z
    .string()
    .trim()
    .min(REVIEW_LIMITS.minComment, 'reviews.errors.commentShort')
    .max(REVIEW_LIMITS.maxComment, 'reviews.errors.commentLong')
    .refine((text) => !hasLink(text), 'reviews.errors.link'),
  photo: z.string().max(500).nullable().default(null),
})
export type ReviewInput = z.infer<typeof ReviewInputSchema>

/** An item a buyer may review, with their own review of it if they wrote one. */
export const ReviewableItemSchema = z.object({
  itemType: ItemTypeSchema,
  itemId: z.string(),
  name: z.string(),
  orderNumber: z.string(),
  deliveredAt: z.string(),
  review: z
    .object({
      _id: z.string(),
      rating: z.number().int(),
      comment: z.string(),
      photo: z.string().nullable(),
      status: ReviewStatusSchema,
      rejectionReason: z.string().nullable(),
      updatedAt: z.string(),
    })
    .nullable(),
})
export type ReviewableItem = z.infer<typeof ReviewableItemSchema>
export const ReviewableListSchema = z.object({ items: z.array(ReviewableItemSchema) })
export type ReviewableList = z.infer<typeof ReviewableListSchema>

/** GET /api/reviews/link?token=: what the e-mailed link is for. */
export const ReviewLinkQuerySchema = z.object({ token: z.string().min(1).max(300) })
export const ReviewLinkSchema = z.object({
  itemType: ItemTypeSchema,
  itemId: z.string(),
  name: z.string(),
  author: z.string(),
})
export type ReviewLink = z.infer<typeof ReviewLinkSchema>
export const ReviewLinkInputSchema = ReviewInputSchema.extend({ token: z.string().min(1).max(300) })
export type ReviewLinkInput = z.infer<typeof ReviewLinkInputSchema>

/** A published review as the product page shows it. */
export const PublicReviewSchema = z.object({
  _id: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  photo: z.string().nullable(),
  /** First name and the initial of the last name ("נועה כ."), never more. */
  author: z.string(),
  isVerifiedPurchase: z.literal(true),
  createdAt: z.string(),
  reply: z.object({ text: z.string(), at: z.string() }).nullable(),
})
export type PublicReview = z.infer<typeof PublicReviewSchema>

/** Average (one decimal), count and how many gave each number of stars (index 0 = one star). */
export const RatingSummarySchema = z.object({
  average: z.number(),
  count: z.number().int(),
  distribution: z.array(z.number().int()).length(5),
})
export type RatingSummary = z.infer<typeof RatingSummarySchema>

export const ItemReviewsQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(1000).default(1) })
export const ItemReviewsSchema = z.object({
  summary: RatingSummarySchema,
  reviews: paged(PublicReviewSchema),
})
export type ItemReviews = z.infer<typeof ItemReviewsSchema>

/** GET /api/reviews/ratings?items=: the stars and count of each card, by `<itemType>:<itemId>`. */
export const RatingsQuerySchema = z.object({ items: z.string().max(4000) })
export const RatingsSchema = z.record(z.string(), z.object({ average: z.number(), count: z.number().int() }))
export type Ratings = z.infer<typeof RatingsSchema>

/** The admin's queue (the "חוות דעת" section). */
export const AdminReviewQuerySchema = z.object({
  status: ReviewStatusSchema.default('pending'),
  page: z.coerce.number().int().min(1).max(10000).default(1),
})
export const AdminReviewSchema = PublicReviewSchema.omit({ isVerifiedPurchase: true }).extend({
  itemType: ItemTypeSchema,
  itemId: z.string(),
  itemName: z.string(),
  status: ReviewStatusSchema,
  rejectionReason: z.string().nullable(),
  orderNumber: z.string().nullable(),
  updatedAt: z.string(),
})
export type AdminReview = z.infer<typeof AdminReviewSchema>
export const AdminReviewListSchema = paged(AdminReviewSchema)
export type AdminReviewList = z.infer<typeof AdminReviewListSchema>

export const ReviewRejectSchema = z.object({
  reason: z.string().trim().min(2, 'validation.required').max(REVIEW_LIMITS.maxReason),
})
export const ReviewReplySchema = z.object({
  reply: z.string().trim().max(REVIEW_LIMITS.maxReply),
})
export const ReviewIdParamsSchema = z.object({ id: IdSchema })

/** POST /api/reviews/photos through a link: the token rides in this header. */
export const REVIEW_LINK_HEADER = 'x-review-link'

/** The owner's review e-mail: on or off, and how many days after delivery (0: the same day). */
export const ReviewSettingsSchema = z.object({
  isEnabled: z.boolean(),
  requestAfterDays: z.number().int().min(0).max(60),
})
export type ReviewSettings = z.infer<typeof ReviewSettingsSchema>
export const DEFAULT_REVIEW_SETTINGS: ReviewSettings = { isEnabled: true, requestAfterDays: 7 }
/** How long an e-mailed review link works. */
export const REVIEW_LINK_VALID_DAYS = 30

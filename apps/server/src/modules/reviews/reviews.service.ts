import type { ReviewableList, ReviewInput, ReviewItemRef, ReviewLink } from '@tavlin/contracts'
import { AppError, notFound } from '../../lib/errors.js'
import type { UnitOfWork } from '../../db/unit-of-work.js'
import { isStoredSecret, verifyLinkToken } from '../confirmations/index.js'
import type { ImageRelease } from '../uploads/index.js'
import type { ReceivedItems, ReceivedLine } from '../orders/index.js'
import type { ReviewLinksRepository } from './review-links.repository.js'
import type { ReviewsRepository } from './reviews.repository.js'
import {
  alreadyReviewed,
  authorOf,
  buyerKeyOf,
  checkPhoto,
  latestPerItem,
  notAllowed,
  toOwnReview,
  type IsReviewPhoto,
} from './review-rules.js'

export type ReviewsDeps = {
  repository: ReviewsRepository
  links: ReviewLinksRepository
  received: ReceivedItems
  unitOfWork: UnitOfWork
  isReviewPhoto: IsReviewPhoto
  images: ImageRelease
  signingKey: () => Promise<string>
}

const linkError = (code: 'LINK_INVALID' | 'LINK_EXPIRED' | 'LINK_USED') =>
  new AppError(code, `Review link: ${code}`)
const sameItem = (item: ReviewItemRef) => (line: ReviewItemRef) =>
  line.itemType === item.itemType && line.itemId === item.itemId

const rowOf = (line: ReceivedLine, input: ReviewInput) => ({
  itemId: line.itemId,
  itemType: line.itemType,
  buyerKey: buyerKeyOf(line),
  accountSubject: line.accountSubject,
  email: line.email,
  orderId: line.orderId,
  author: authorOf(line.firstName, line.lastName),
  itemName: line.name,
  orderNumber: line.orderNumber,
  rating: input.rating,
  comment: input.comment,
  photoUrl: input.photo,
})

/**
 * A buyer's side of reviews (issue 36, decision 279): a signed-in shopper reviews what their
 * orders delivered, from /account; anyone holding an e-mailed link reviews that one item of
 * that order, once. Every review (and every edit) waits for the owner's approval.
 */
export function createReviewsService(deps: ReviewsDeps) {
  const { repository, links, received, unitOfWork } = deps

  /** The link behind a token, if it may still be used: LINK_INVALID, LINK_USED or LINK_EXPIRED otherwise. */
  async function openLink(token: string, now: Date) {
    const parsed = verifyLinkToken(await deps.signingKey(), token)
    if (!parsed) throw linkError('LINK_INVALID')
    const link = await links.find(parsed.id)
    if (!link || !isStoredSecret(parsed.secret, link.secretHash)) throw linkError('LINK_INVALID')
    if (link.usedAt) throw linkError('LINK_USED')
    if (link.expiresAt <= now) throw linkError('LINK_EXPIRED')
    const line = (await received.ofOrder(link.orderId)).find(sameItem(link))
    if (!line) throw notAllowed()
    return { link, line }
  }

  return {
    openLink,

    /** The items the shopper's orders delivered, the latest first, each with their review if any. */
    async reviewable(subject: string): Promise<ReviewableList> {
      const lines = latestPerItem(await received.ofAccount(subject))
      const own = await repository.findOfBuyer(subject)
      return {
        items: lines.map((line) => {
          const review = own.find(sameItem(line))
          return {
            itemType: line.itemType,
            itemId: line.itemId,
            name: line.name,
            orderNumber: line.orderNumber,
            deliveredAt: line.deliveredAt.toISOString(),
            review: review ? toOwnReview(review) : null,
          }
        }),
      }
    },

    /** A new review from /account: 403 unless delivered to this account, 409 when there is one. */
    async create(subject: string, item: ReviewItemRef, input: ReviewInput) {
      const line = latestPerItem((await received.ofAccount(subject)).filter(sameItem(item)))[0]
      if (!line) throw notAllowed()
      await checkPhoto(input, deps.isReviewPhoto)
      const row = await repository.insert(rowOf(line, input))
      if (!row) throw alreadyReviewed()
      return toOwnReview(row)
    },

    /** An edit of the shopper's own review: back to the queue until approved again. */
    async edit(subject: string, item: ReviewItemRef, input: ReviewInput) {
      const existing = await repository.findOne(item, subject)
      if (!existing) throw notFound('Review')
      await checkPhoto(input, deps.isReviewPhoto)
      const row = await repository.edit(existing.id, {
        rating: input.rating,
        comment: input.comment,
        photoUrl: input.photo,
      })
      if (existing.photoUrl && existing.photoUrl !== input.photo)
        await deps.images.release([existing.photoUrl])
      return toOwnReview(row)
    },

    /** What an e-mailed link is for: the item and how the review will be signed. */
    async link(token: string, now = new Date()): Promise<ReviewLink> {
      const { line } = await openLink(token, now)
      return {
        itemType: line.itemType,
        itemId: line.itemId,
        name: line.name,
        author: authorOf(line.firstName, line.lastName),
      }
    },

    /** A review through an e-mailed link: the link is used and the review stored together, or neither. */
    async createFromLink(token: string, input: ReviewInput, now = new Date()) {
      const { link, line } = await openLink(token, now)
      await checkPhoto(input, deps.isReviewPhoto)
      const row = await unitOfWork.run(async (tx) => {
        if (!(await links.use(tx, link.id))) throw linkError('LINK_USED')
        const inserted = await repository.insert(rowOf(line, input), tx)
        // Thrown inside the transaction: the link stays unused, nothing is stored.
        if (!inserted) throw alreadyReviewed()
        return inserted
      })
      return toOwnReview(row)
    },
  }
}
export type ReviewsService = ReturnType<typeof createReviewsService>

import {
  REVIEW_UPLOAD_FOLDER,
  type AdminReview,
  type PublicReview,
  type ReviewableItem,
  type ReviewInput,
} from '@tavlin/contracts'
import { AppError } from '../../lib/errors.js'
import type { ReceivedLine } from '../orders/index.js'
import type { ReviewRow } from './reviews.repository.js'

/** Whether an upload is one of the review photos (uploads.service.ts answers). */
export type IsReviewPhoto = (url: string, folder: typeof REVIEW_UPLOAD_FOLDER) => Promise<boolean>

/**
 * The reviewer as the public sees them (decision 280): the first name and the initial of the
 * last name, never more — "נועה כ.". Made once from the order and stored.
 */
export function authorOf(firstName: string, lastName: string): string {
  const first = firstName.trim().split(/\s+/)[0] ?? ''
  const initial = [...lastName.trim()][0]
  return initial ? `${first} ${initial}.` : first
}

/** One review per buyer and item: the account when the order has one, else the order's e-mail. */
export function buyerKeyOf(line: Pick<ReceivedLine, 'accountSubject' | 'email'>): string {
  return line.accountSubject ?? `email:${line.email}`
}

export const notAllowed = () =>
  new AppError('REVIEW_NOT_ALLOWED', 'Only a buyer who received this item may review it')
export const alreadyReviewed = () =>
  new AppError('REVIEW_EXISTS', 'This buyer reviewed this item already; edit that review instead')

/** The photo must be one the review photo route stored (re-encoded, metadata stripped). */
export async function checkPhoto(input: ReviewInput, isReviewPhoto: IsReviewPhoto): Promise<void> {
  if (input.photo !== null && !(await isReviewPhoto(input.photo, REVIEW_UPLOAD_FOLDER)))
    throw new AppError('REVIEW_PHOTO_UNKNOWN', 'Upload the photo through POST /api/reviews/photos', [
      { field: 'photo', message: 'reviews.errors.photo' },
    ])
}

export function toPublicReview(row: ReviewRow): PublicReview {
  return {
    _id: row.id,
    rating: row.rating,
    comment: row.comment,
    photo: row.photoUrl,
    author: row.author,
    isVerifiedPurchase: true,
    createdAt: row.createdAt.toISOString(),
    reply: row.reply && row.replyAt ? { text: row.reply, at: row.replyAt.toISOString() } : null,
  }
}

export function toAdminReview(row: ReviewRow): AdminReview {
  const { isVerifiedPurchase: _verified, ...shown } = toPublicReview(row)
  return {
    ...shown,
    itemType: row.itemType,
    itemId: row.itemId,
    itemName: row.itemName,
    status: row.status,
    rejectionReason: row.rejectionReason,
    orderNumber: row.orderNumber,
    updatedAt: row.updatedAt.toISOString(),
  }
}

export function toOwnReview(row: ReviewRow): NonNullable<ReviewableItem['review']> {
  return {
    _id: row.id,
    rating: row.rating,
    comment: row.comment,
    photo: row.photoUrl,
    status: row.status,
    rejectionReason: row.rejectionReason,
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** The latest delivery of each item among the lines (an item bought twice is reviewed once). */
export function latestPerItem(lines: ReceivedLine[]): ReceivedLine[] {
  const byItem = new Map<string, ReceivedLine>()
  for (const line of lines) {
    const key = `${line.itemType}:${line.itemId}`
    const seen = byItem.get(key)
    if (!seen || line.deliveredAt > seen.deliveredAt) byItem.set(key, line)
  }
  return [...byItem.values()].sort((a, b) => b.deliveredAt.getTime() - a.deliveredAt.getTime())
}

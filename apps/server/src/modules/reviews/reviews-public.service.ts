import {
  REVIEW_LIMITS,
  totalPages,
  type AdminReviewList,
  type ItemReviews,
  type Ratings,
  type ReviewItemRef,
  type ReviewStatus,
} from '@tavlin/contracts'
import { notFound } from '../../lib/errors.js'
import type { Actor, AuditService } from '../audit/index.js'
import type { ReviewsRepository } from './reviews.repository.js'
import { toAdminReview, toPublicReview } from './review-rules.js'

const ADMIN_PAGE_SIZE = 20
/** The cards of one list page at most (a page of 60 plus room). */
export const MAX_RATINGS_ITEMS = 100

/** What everybody sees: the published reviews of an item and the stars of the cards. */
export function createPublishedReviews(repository: ReviewsRepository) {
  return {
    async ofItem(item: ReviewItemRef, page = 1): Promise<ItemReviews> {
      const size = REVIEW_LIMITS.pageSize
      const [counts, rows] = await Promise.all([
        repository.distribution(item),
        repository.publishedPage(item, size, (page - 1) * size),
      ])
      const distribution = [1, 2, 3, 4, 5].map((stars) => counts.find((c) => c.rating === stars)?.count ?? 0)
      const count = distribution.reduce((sum, n) => sum + n, 0)
      const sum = distribution.reduce((total, n, index) => total + n * (index + 1), 0)
      return {
        summary: { average: count === 0 ? 0 : Math.round((sum / count) * 10) / 10, count, distribution },
        reviews: {
          items: rows.map(toPublicReview),
          currentPage: page,
          totalPages: totalPages(count, size),
          totalItems: count,
        },
      }
    },

    /** `items`: `Product:<id>,Package:<id>…`; items with no published review are left out. */
    async ratings(items: ReviewItemRef[]): Promise<Ratings> {
      const rows = await repository.ratings(items.slice(0, MAX_RATINGS_ITEMS))
      return Object.fromEntries(
        rows.map((row) => [
          `${row.itemType}:${row.itemId}`,
          { average: Math.round(Number(row.average) * 10) / 10, count: row.count },
        ]),
      )
    },
  }
}
export type PublishedReviews = ReturnType<typeof createPublishedReviews>

/** The owner's queue (the admin's "חוות דעת"): approve, reject with a reason kept, reply in public. */
export function createReviewModeration(deps: { repository: ReviewsRepository; audit: AuditService }) {
  const { repository, audit } = deps
  const found = async <T>(row: Promise<T | undefined>): Promise<T> => {
    const value = await row
    if (!value) throw notFound('Review')
    return value
  }
  const shown = toAdminReview
  return {
    async list(status: ReviewStatus, page: number): Promise<AdminReviewList> {
      const { rows, total } = await repository.adminPage(
        status,
        ADMIN_PAGE_SIZE,
        (page - 1) * ADMIN_PAGE_SIZE,
      )
      return {
        items: rows.map(shown),
        currentPage: page,
        totalPages: totalPages(total, ADMIN_PAGE_SIZE),
        totalItems: total,
      }
    },

    async approve(id: string, actor?: Actor) {
      const row = await found(repository.moderate(id, 'approved', null))
      await audit.record(actor, {
        action: 'status',
        entityType: 'review',
        entityId: id,
        summary: `חוות דעת על ${row.itemName} (${row.rating}★) אושרה`,
      })
      return shown(row)
    },

    async reject(id: string, reason: string, actor?: Actor) {
      const row = await found(repository.moderate(id, 'rejected', reason))
      await audit.record(actor, {
        action: 'status',
        entityType: 'review',
        entityId: id,
        summary: `חוות דעת על ${row.itemName} נדחתה: ${reason}`,
      })
      return shown(row)
    },

    /** An empty reply removes the shop's reply. */
    async reply(id: string, text: string, actor?: Actor) {
      const row = await found(repository.setReply(id, text === '' ? null : text))
      await audit.record(actor, {
        action: 'update',
        entityType: 'review',
        entityId: id,
        summary:
          text === '' ? `תגובת החנות הוסרה (${row.itemName})` : `תגובת החנות על ${row.itemName}: ${text}`,
      })
      return shown(row)
    },
  }
}
export type ReviewModeration = ReturnType<typeof createReviewModeration>

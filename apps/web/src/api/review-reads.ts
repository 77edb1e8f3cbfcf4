import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ItemReviews, ItemType, PublicReview, Ratings, RatingSummary } from '@tavlin/contracts'
import { apiClient } from '../lib/api-client'
import { array, entityShape, nullable, number, object, string, type Check } from '../lib/response-shape'

// The storefront's review reads (issue 36), checked without zod like the catalogue's
// (decision 095): the cards' stars and the product page's reviews.

const ratingEntry = object<{ average: number; count: number }>({ average: number, count: number })
const ratings: Check<Ratings> = (value, path) => {
  const record = object<Record<string, unknown>>({})(value, path)
  return Object.fromEntries(
    Object.entries(record).map(([key, entry]) => [key, ratingEntry(entry, `${path}.${key}`)]),
  )
}
const review = object<PublicReview>({
  _id: string,
  rating: number,
  comment: string,
  photo: nullable(string),
  author: string,
  isVerifiedPurchase: (value, path) => (value === true ? true : (string(value, path) as never)),
  createdAt: string,
  reply: nullable(object<{ text: string; at: string }>({ text: string, at: string })),
})
const itemReviews = entityShape(
  object<ItemReviews>({
    summary: object<RatingSummary>({ average: number, count: number, distribution: array(number) }),
    reviews: object<ItemReviews['reviews']>({
      items: array(review),
      currentPage: number,
      totalPages: number,
      totalItems: number,
    }),
  }),
)

export type ReviewedItem = { itemType: ItemType; itemId: string }
export const ratingKey = (item: ReviewedItem) => `${item.itemType}:${item.itemId}`

export const reviewReadQueries = {
  /** The stars of one list page's cards, in one request. */
  ratings: (items: ReviewedItem[]) => {
    const keys = items.map(ratingKey).join(',')
    return queryOptions({
      queryKey: ['reviews', 'ratings', keys] as const,
      queryFn: ({ signal }) =>
        apiClient.get('/reviews/ratings', entityShape(ratings), { query: { items: keys }, signal }),
      enabled: keys.length > 0,
    })
  },
  item: (item: ReviewedItem, page = 1) =>
    queryOptions({
      queryKey: ['reviews', 'item', item.itemType, item.itemId, page] as const,
      queryFn: ({ signal }) =>
        apiClient.get(`/reviews/${item.itemType}/${encodeURIComponent(item.itemId)}`, itemReviews, {
          query: { page },
          signal,
        }),
    }),
}

/** The stars of the cards shown; none until they arrive (the cards never wait for them). */
export function useRatings(items: ReviewedItem[]): Ratings {
  return useQuery(reviewReadQueries.ratings(items)).data ?? {}
}

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  AdminReviewListSchema,
  AdminReviewSchema,
  REVIEW_LINK_HEADER,
  ReviewLinkSchema,
  ReviewSettingsSchema,
  ReviewableItemSchema,
  ReviewableListSchema,
  SingleUploadResultSchema,
  type ItemType,
  type ReviewInput,
  type ReviewSettings,
  type ReviewStatus,
} from '@tavlin/contracts'
import { apiClient } from '../lib/api-client'

// Reviews from verified buyers (issue 36), the screens loaded when used: a buyer's review from /account or an e-mailed link, and the admin's queue.

const OwnReviewSchema = ReviewableItemSchema.shape.review.unwrap()
export type ReviewItem = { itemType: ItemType; itemId: string }
const itemPath = ({ itemType, itemId }: ReviewItem) => `${itemType}/${encodeURIComponent(itemId)}`

export const reviewKeys = {
  all: ['reviews'] as const,
  link: (token: string) => [...reviewKeys.all, 'link', token] as const,
  mine: () => ['account', 'reviews'] as const,
  admin: (status: ReviewStatus, page: number) => [...reviewKeys.all, 'admin', status, page] as const,
  settings: () => [...reviewKeys.all, 'settings'] as const,
}

export const reviewsApi = {
  link: (token: string) => apiClient.post('/reviews/link/preview', ReviewLinkSchema, { token }),
  sendWithLink: (token: string, input: ReviewInput) =>
    apiClient.post('/reviews/link', OwnReviewSchema, { ...input, token }),
  mine: (signal?: AbortSignal) => apiClient.get('/account/reviews', ReviewableListSchema, { signal }),
  create: (item: ReviewItem, input: ReviewInput) =>
    apiClient.post(`/account/reviews/${itemPath(item)}`, OwnReviewSchema, input),
  edit: (item: ReviewItem, input: ReviewInput) =>
    apiClient.put(`/account/reviews/${itemPath(item)}`, OwnReviewSchema, input),
  /** The photo goes first; the review then names its address. `token`: the e-mailed link's. */
  async photo(file: File, token?: string): Promise<string> {
    const body = new FormData()
    body.append('file', file)
    const headers: Record<string, string> = token ? { [REVIEW_LINK_HEADER]: token } : {}
    return (await apiClient.post('/reviews/photos', SingleUploadResultSchema, body, { headers })).url
  },
  adminList: (status: ReviewStatus, page: number, signal?: AbortSignal) =>
    apiClient.get('/admin/reviews', AdminReviewListSchema, { query: { status, page }, signal }),
  approve: (id: string) => apiClient.post(`/admin/reviews/${id}/approve`, AdminReviewSchema),
  reject: (id: string, reason: string) =>
    apiClient.post(`/admin/reviews/${id}/reject`, AdminReviewSchema, { reason }),
  reply: (id: string, reply: string) =>
    apiClient.put(`/admin/reviews/${id}/reply`, AdminReviewSchema, { reply }),
  settings: (signal?: AbortSignal) =>
    apiClient.get('/admin/reviews/settings', ReviewSettingsSchema, { signal }),
  saveSettings: (settings: ReviewSettings) =>
    apiClient.put('/admin/reviews/settings', ReviewSettingsSchema, settings),
}

export const reviewQueries = {
  /** A refused link (400, 409, 410) is an answer to show, not a failure to retry. */
  link: (token: string) =>
    queryOptions({ queryKey: reviewKeys.link(token), queryFn: () => reviewsApi.link(token), retry: false }),
  mine: () =>
    queryOptions({
      queryKey: reviewKeys.mine(),
      queryFn: ({ signal }) => reviewsApi.mine(signal),
      staleTime: 0,
    }),
  admin: (status: ReviewStatus, page: number) =>
    queryOptions({
      queryKey: reviewKeys.admin(status, page),
      queryFn: ({ signal }) => reviewsApi.adminList(status, page, signal),
      staleTime: 0,
    }),
  settings: () =>
    queryOptions({ queryKey: reviewKeys.settings(), queryFn: ({ signal }) => reviewsApi.settings(signal) }),
}

/** A buyer's review: through the link (`token`), or from /account (new or an edit). */
export function useSendReview() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (send: { item: ReviewItem; input: ReviewInput; token?: string; isEdit?: boolean }) =>
      send.token
        ? reviewsApi.sendWithLink(send.token, send.input)
        : send.isEdit
          ? reviewsApi.edit(send.item, send.input)
          : reviewsApi.create(send.item, send.input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.mine() }),
  })
}

export type Moderation =
  | { act: 'approve'; id: string }
  | { act: 'reject'; id: string; reason: string }
  | { act: 'reply'; id: string; reply: string }

/** Approve, reject or reply; the queue and the public reads are read again after. */
export function useModerateReview() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (act: Moderation) =>
      act.act === 'approve'
        ? reviewsApi.approve(act.id)
        : act.act === 'reject'
          ? reviewsApi.reject(act.id, act.reason)
          : reviewsApi.reply(act.id, act.reply),
    // Not awaited: the acted-on review may leave the shown list, and the caller's toast must come first.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all })
    },
  })
}

export function useSaveReviewSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: reviewsApi.saveSettings,
    onSuccess: (saved) => queryClient.setQueryData(reviewKeys.settings(), saved),
  })
}

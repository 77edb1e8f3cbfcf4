import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  DeletionRequestSchema,
  ErasureResultSchema,
  paged,
  type DeletionRequestForm,
  type FormSubmissionListQuery,
} from '@tavlin/contracts'
import { z } from 'zod'
import { apiClient } from '../lib/api-client'

/** Unsubscribing, deletion requests, and the admin's side of them (issue 18). */
export const privacyKeys = {
  all: ['privacy'] as const,
  requests: (params: Partial<FormSubmissionListQuery>) => [...privacyKeys.all, 'requests', params] as const,
}

export const privacyApi = {
  unsubscribe: (token: string) =>
    apiClient.post(
      '/marketing/unsubscribe',
      z.object({ unsubscribed: z.literal(true) }),
      { token },
      {
        retryRateLimited: false,
      },
    ),
  requestDeletion: (form: DeletionRequestForm) =>
    apiClient.post('/privacy/deletion-requests', z.object({ received: z.literal(true) }), form, {
      retryRateLimited: false,
    }),
  exportConsents: () => apiClient.download('/admin/marketing/consents.csv'),
  erase: (id: string) =>
    apiClient.post(`/admin/privacy/deletion-requests/${id}/erase`, ErasureResultSchema, {}),
}

export const privacyQueries = {
  requests: (params: Partial<FormSubmissionListQuery>) =>
    queryOptions({
      queryKey: privacyKeys.requests(params),
      queryFn: ({ signal }) =>
        apiClient.get('/admin/privacy/deletion-requests', paged(DeletionRequestSchema), {
          query: params,
          signal,
        }),
      staleTime: 0,
    }),
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: privacyApi.unsubscribe, retry: false })
}

export function useRequestDeletion() {
  return useMutation({ mutationFn: privacyApi.requestDeletion, retry: false })
}

export function useErasePersonalData() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: privacyApi.erase,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: privacyKeys.all }),
  })
}

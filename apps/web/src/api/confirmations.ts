import { queryOptions, useMutation } from '@tanstack/react-query'
import { ConfirmationPreviewSchema, ConfirmationResultSchema } from '@tavlin/contracts'
import { apiClient } from '../lib/api-client'

/**
 * The confirm page's calls (issue 33, decision 237): what an e-mailed link is for, and
 * confirming it. The token goes in the body, never in an address. Not retried: a refusal
 * (invalid, expired, used) is an answer, and a 429 is told to the visitor.
 */
export const confirmationKeys = {
  all: ['confirmations'] as const,
  preview: (token: string) => [...confirmationKeys.all, 'preview', token] as const,
}

export const confirmationsApi = {
  preview: (token: string, signal?: AbortSignal) =>
    apiClient.post(
      '/confirmations/preview',
      ConfirmationPreviewSchema,
      { token },
      { retryRateLimited: false, signal },
    ),
  confirm: (token: string) =>
    apiClient.post(
      '/confirmations/confirm',
      ConfirmationResultSchema,
      { token },
      { retryRateLimited: false },
    ),
}

export const confirmationQueries = {
  preview: (token: string) =>
    queryOptions({
      queryKey: confirmationKeys.preview(token),
      queryFn: ({ signal }) => confirmationsApi.preview(token, signal),
      retry: false,
      staleTime: Infinity,
      refetchOnWindowFocus: false,
    }),
}

export function useConfirmLink() {
  return useMutation({ mutationFn: confirmationsApi.confirm, retry: false })
}

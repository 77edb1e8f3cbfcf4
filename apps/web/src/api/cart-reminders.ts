import { queryOptions, useMutation } from '@tanstack/react-query'
import { RestoredCartSchema } from '@tavlin/contracts'
import { apiClient } from '../lib/api-client'

/**
 * The restore page's calls (issue 36, decision 282): what a reminder's link would put back in
 * the cart, and using it. The token goes in the body, never in an address. Not retried: a
 * refusal (invalid, expired, used) is an answer.
 */
export const cartReminderKeys = {
  all: ['cart-reminders'] as const,
  preview: (token: string) => [...cartReminderKeys.all, 'preview', token] as const,
}

export const cartRemindersApi = {
  preview: (token: string, signal?: AbortSignal) =>
    apiClient.post(
      '/cart-reminders/preview',
      RestoredCartSchema,
      { token },
      { retryRateLimited: false, signal },
    ),
  restore: (token: string) =>
    apiClient.post('/cart-reminders/restore', RestoredCartSchema, { token }, { retryRateLimited: false }),
}

export const cartReminderQueries = {
  preview: (token: string) =>
    queryOptions({
      queryKey: cartReminderKeys.preview(token),
      queryFn: ({ signal }) => cartRemindersApi.preview(token, signal),
      retry: false,
      staleTime: Infinity,
      refetchOnWindowFocus: false,
    }),
}

export function useRestoreCart() {
  return useMutation({ mutationFn: cartRemindersApi.restore, retry: false })
}

import { QueryClient } from '@tanstack/react-query'
import { isApiError } from './api-error'

const MINUTE = 60_000

// Spec §9: exponential back-off capped at 30 s.
export function retryDelay(attemptIndex: number): number {
  return Math.min(1_000 * 2 ** attemptIndex, 30_000)
}

/**
 * A client error will fail the same way again, so it is not retried — except a
 * timeout (408) and rate limiting (429), which are about timing, not the request.
 */
export function isRetryable(error: unknown): boolean {
  if (!isApiError(error)) return true
  const { status } = error
  if (status === 408 || status === 429) return true
  return status < 400 || status >= 500
}

export function retryUpTo(maxRetries: number) {
  return (failureCount: number, error: unknown) => failureCount < maxRetries && isRetryable(error)
}

/** Cache-time presets of spec §9, spread into `queryOptions` by the api/ files. */
export const cachePresets = {
  list: { staleTime: 5 * MINUTE, gcTime: 20 * MINUTE },
  detail: { staleTime: 10 * MINUTE, gcTime: 30 * MINUTE },
  random: { staleTime: 15 * MINUTE, gcTime: 60 * MINUTE, retry: retryUpTo(1) },
  related: { staleTime: 8 * MINUTE, gcTime: 25 * MINUTE },
  cartDetails: {
    staleTime: 10 * MINUTE,
    gcTime: 30 * MINUTE,
    retry: retryUpTo(1),
    refetchOnWindowFocus: false,
  },
} as const

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 5 * MINUTE, gcTime: 30 * MINUTE, retry: retryUpTo(3), retryDelay },
      mutations: { retry: retryUpTo(1), retryDelay },
    },
  })
}

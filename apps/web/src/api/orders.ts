import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  GenerateSaleResponseSchema,
  OrderStatusResponseSchema,
  ThankYouSchema,
  type GenerateSaleRequest,
  type OrderStatus,
} from '@tavlin/contracts'
import { apiClient, isApiError } from '../lib/api-client'
import { isRetryable, retryDelay, retryUpTo } from '../lib/query-client'

/** How often the payment-pending page asks about an unpaid order. */
export const STATUS_POLL_MS = 3_000

/** Every status but pending_payment: the pending page has nothing more to wait for. */
const FINAL_FOR_PENDING_PAGE: readonly OrderStatus[] = [
  'paid',
  'failed',
  'cancelled',
  'preparing',
  'shipped',
  'delivered',
  'refunded',
  'partially_refunded',
]

export const orderKeys = {
  all: ['orders'] as const,
  statuses: () => [...orderKeys.all, 'status'] as const,
  status: (orderId: string, token: string) => [...orderKeys.statuses(), orderId, token] as const,
  thankYous: () => [...orderKeys.all, 'thank-you'] as const,
  thankYou: (orderId: string, transactionUid: string) =>
    [...orderKeys.thankYous(), orderId, transactionUid] as const,
}

export type GenerateSaleVariables = {
  request: GenerateSaleRequest
  /** One per checkout attempt: the retry re-sends it, so the server never makes a second order. */
  idempotencyKey: string
}

export const ordersApi = {
  generateSale: ({ request, idempotencyKey }: GenerateSaleVariables) =>
    apiClient.post('/orders/generate-sale', GenerateSaleResponseSchema, request, {
      headers: { 'Idempotency-Key': idempotencyKey },
      // A checkout's 429 (too many from this address, or orders of this e-mail still
      // waiting for payment) lasts minutes: the shopper is told at once, not kept waiting.
      retryRateLimited: false,
    }),
  status: (orderId: string, token: string, signal?: AbortSignal) =>
    apiClient.get(`/orders/${encodeURIComponent(orderId)}/status`, OrderStatusResponseSchema, {
      query: { token },
      signal,
    }),
  thankYou: (orderId: string, transactionUid: string, signal?: AbortSignal) =>
    apiClient.get(
      `/orders/${encodeURIComponent(orderId)}/${encodeURIComponent(transactionUid)}`,
      ThankYouSchema,
      { signal },
    ),
}

export const orderQueries = {
  /** Polls while the order waits for its payment; stops once the answer is final. */
  status: (orderId: string, token: string) =>
    queryOptions({
      queryKey: orderKeys.status(orderId, token),
      queryFn: ({ signal }) => ordersApi.status(orderId, token, signal),
      staleTime: 0,
      gcTime: 0,
      refetchInterval: (query) => {
        const { data, error } = query.state
        if (data && FINAL_FOR_PENDING_PAGE.includes(data.orderStatus)) return false
        // A wrong id or token will not become right by asking again.
        if (isApiError(error) && error.status === 404) return false
        return STATUS_POLL_MS
      },
      refetchIntervalInBackground: true,
    }),
  /** The server confirms with the provider each time; a confirmed order does not change, so it is read once. */
  thankYou: (orderId: string, transactionUid: string) =>
    queryOptions({
      queryKey: orderKeys.thankYou(orderId, transactionUid),
      queryFn: ({ signal }) => ordersApi.thankYou(orderId, transactionUid, signal),
      staleTime: Infinity,
      retry: retryUpTo(1),
    }),
}

/** Waits for an order still being created: together well past the server's 20 s claim. */
const MAX_IN_PROGRESS_RETRIES = 8
/** No answer at all (the server restarting): 1 + 2 + 4 + 8 s of back-off. */
const MAX_UNANSWERED_RETRIES = 4
const MAX_RETRY_AFTER_MS = 30_000

/**
 * Failures where the server may have saved the order, or is still making it: the same
 * Idempotency-Key must go out again, so the server answers with that order or finishes
 * it (decision 120) instead of making a second one.
 */
export function canRepeatWithSameKey(error: unknown): boolean {
  if (!isApiError(error)) return false
  return ['ORDER_IN_PROGRESS', 'NETWORK_ERROR', 'TIMEOUT', 'SERVICE_UNAVAILABLE'].includes(error.code)
}

/** The seconds a 409 ORDER_IN_PROGRESS asks the client to wait before asking again. */
function retryAfterMs(error: unknown): number | null {
  if (!isApiError(error) || error.code !== 'ORDER_IN_PROGRESS') return null
  const seconds = (error.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds
  return typeof seconds === 'number' && seconds > 0 ? Math.min(seconds * 1000, MAX_RETRY_AFTER_MS) : 2_000
}

/**
 * generate-sale is safe to repeat with its key. An order still being created is waited
 * out as the server says; a request that got no answer is retried a few times with
 * back-off; any other retryable failure once (spec §7); a 4xx such as PRICE_CHANGED, or a
 * checkout's 429, never.
 */
export function shouldRetryGenerateSale(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.code === 'RATE_LIMITED') return false
  if (retryAfterMs(error) !== null) return failureCount < MAX_IN_PROGRESS_RETRIES
  if (canRepeatWithSameKey(error)) return failureCount < MAX_UNANSWERED_RETRIES
  return failureCount < 1 && isRetryable(error)
}

export function generateSaleRetryDelay(failureCount: number, error: unknown): number {
  return retryAfterMs(error) ?? retryDelay(failureCount)
}

/** POST /orders/generate-sale, retried with the same variables, so the same Idempotency-Key. */
export function useGenerateSale() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ordersApi.generateSale,
    retry: shouldRetryGenerateSale,
    retryDelay: generateSaleRetryDelay,
    onSuccess: ({ order }) => {
      // The pending page starts from what we know instead of an empty first paint.
      queryClient.setQueryData(orderKeys.status(order._id, order.statusToken), {
        _id: order._id,
        orderStatus: 'pending_payment' as const,
      })
    },
  })
}

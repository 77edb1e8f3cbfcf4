import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  GenerateSaleResponseSchema,
  OrderStatusResponseSchema,
  ThankYouSchema,
  type GenerateSaleRequest,
  type OrderStatus,
} from '@tavlin/contracts'
import { apiClient, isApiError } from '../lib/api-client'
import { retryUpTo } from '../lib/query-client'

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

/**
 * POST /orders/generate-sale. Retried once (spec §7) with the same variables, so the
 * same Idempotency-Key; a 4xx (PRICE_CHANGED, validation) is final and not retried.
 */
export function useGenerateSale() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ordersApi.generateSale,
    retry: retryUpTo(1),
    onSuccess: ({ order }) => {
      // The pending page starts from what we know instead of an empty first paint.
      queryClient.setQueryData(orderKeys.status(order._id, order.statusToken), {
        _id: order._id,
        orderStatus: 'pending_payment' as const,
      })
    },
  })
}

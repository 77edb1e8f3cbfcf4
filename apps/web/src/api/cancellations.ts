import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import {
  CancellationReceiptSchema,
  CancellationSchema,
  OrderRefundsSchema,
  OrderWithoutDocumentSchema,
  type CancellationForm,
  type CancellationListQuery,
  type RefundInput,
} from '@tavlin/contracts'
import { apiClient, isApiError } from '../lib/api-client'
import { cachePresets } from '../lib/query-client'
import { adminOrderKeys } from './admin-orders'

/**
 * Cancellations (ביטול עסקה) and refunds, issue 18: the visitor's notice, the admin's
 * inbox, an order's refunds and receipt, and the paid orders with no receipt.
 */
export const cancellationKeys = {
  all: ['cancellations'] as const,
  lists: () => [...cancellationKeys.all, 'list'] as const,
  list: (query: CancellationListQuery) => [...cancellationKeys.lists(), query] as const,
  refunds: (orderId: string) => [...adminOrderKeys.detail(orderId), 'refunds'] as const,
  withoutDocument: () => [...adminOrderKeys.all, 'without-document'] as const,
}

export const cancellationsApi = {
  // Not retried on 429: the visitor is told to try again later.
  send: (form: CancellationForm) =>
    apiClient.post('/cancellations', CancellationReceiptSchema, form, { retryRateLimited: false }),
  list: (query: CancellationListQuery, signal?: AbortSignal) =>
    apiClient.get('/cancellations', z.array(CancellationSchema), { query, signal }),
  approve: (id: string) => apiClient.post(`/cancellations/${id}/approve`, CancellationSchema, {}),
  reject: (id: string) => apiClient.post(`/cancellations/${id}/reject`, CancellationSchema, {}),
  refunds: (orderId: string, signal?: AbortSignal) =>
    apiClient.get(`/orders/${orderId}/refunds`, OrderRefundsSchema, { signal }),
  refund: (orderId: string, input: RefundInput) =>
    apiClient.post(`/orders/${orderId}/refunds`, OrderRefundsSchema, input),
  withoutDocument: (signal?: AbortSignal) =>
    apiClient.get('/orders/without-document', z.array(OrderWithoutDocumentSchema), { signal }),
}

const fresh = { staleTime: 0, gcTime: cachePresets.list.gcTime } as const

export const cancellationQueries = {
  list: (query: CancellationListQuery) =>
    queryOptions({
      queryKey: cancellationKeys.list(query),
      queryFn: ({ signal }) => cancellationsApi.list(query, signal),
      ...fresh,
    }),
  refunds: (orderId: string) =>
    queryOptions({
      queryKey: cancellationKeys.refunds(orderId),
      queryFn: ({ signal }) => cancellationsApi.refunds(orderId, signal),
      ...fresh,
    }),
  withoutDocument: () =>
    queryOptions({
      queryKey: cancellationKeys.withoutDocument(),
      queryFn: ({ signal }) => cancellationsApi.withoutDocument(signal),
      ...fresh,
    }),
}

export function useSendCancellation() {
  return useMutation({ mutationFn: cancellationsApi.send, retry: false })
}

/** A refund moves money and the order's status: the inbox, the orders and their details go stale. */
function useRefreshAfterRefund() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: cancellationKeys.all }),
      queryClient.invalidateQueries({ queryKey: adminOrderKeys.all }),
    ])
}

export function useDecideCancellation() {
  const refresh = useRefreshAfterRefund()
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'approve' | 'reject' }) =>
      decision === 'approve' ? cancellationsApi.approve(id) : cancellationsApi.reject(id),
    retry: false,
    onSuccess: refresh,
  })
}

export function useRefundOrder() {
  const refresh = useRefreshAfterRefund()
  return useMutation({
    mutationFn: ({ orderId, input }: { orderId: string; input: RefundInput }) =>
      cancellationsApi.refund(orderId, input),
    retry: false,
    onSuccess: refresh,
  })
}

/** The payment provider's own words when it refused a refund (409 with details.providerReason). */
export function providerReasonOf(error: unknown): string | null {
  if (!isApiError(error) || error.code !== 'CONFLICT') return null
  const details = error.details as { providerReason?: unknown } | undefined
  return typeof details?.providerReason === 'string' ? details.providerReason : null
}

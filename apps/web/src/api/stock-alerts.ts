import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import {
  StockAlertCountsSchema,
  StockAlertReceivedSchema,
  type StockAlertKey,
  type StockAlertRequest,
} from '@tavlin/contracts'
import { apiClient } from '../lib/api-client'
import { cachePresets } from '../lib/query-client'
import { dashboardKeys } from './dashboard'

/** Back-in-stock alerts (issue 36, decision 277): a shopper's request, the owner's waiting lists. */
export const stockAlertKeys = {
  all: ['stock-alerts'] as const,
  counts: () => [...stockAlertKeys.all, 'counts'] as const,
}

export const stockAlertsApi = {
  request: (input: StockAlertRequest) =>
    apiClient.post('/stock-alerts', StockAlertReceivedSchema, input, { retryRateLimited: false }),
  counts: (signal?: AbortSignal) => apiClient.get('/admin/stock/alerts', StockAlertCountsSchema, { signal }),
  drop: (key: StockAlertKey) =>
    apiClient.delete('/admin/stock/alerts', z.object({ dropped: z.number().int() }), { query: key }),
}

export const stockAlertQueries = {
  counts: () =>
    queryOptions({
      queryKey: stockAlertKeys.counts(),
      queryFn: ({ signal }) => stockAlertsApi.counts(signal),
      staleTime: 0,
      gcTime: cachePresets.list.gcTime,
    }),
}

export function useRequestStockAlert() {
  return useMutation({ mutationFn: stockAlertsApi.request, retry: false })
}

export function useDropStockAlerts() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: stockAlertsApi.drop,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: stockAlertKeys.all })
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.all })
    },
  })
}

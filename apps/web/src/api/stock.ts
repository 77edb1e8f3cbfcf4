import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import {
  LowStockSchema,
  StockMovementSchema,
  StockSettingsSchema,
  type StockItemQuery,
  type StockSettings,
} from '@tavlin/contracts'
import { apiClient } from '../lib/api-client'
import { cachePresets } from '../lib/query-client'

/** Stock (issue 19, decision 221): what is running low, one count's history, the threshold. */
export const stockKeys = {
  all: ['stock'] as const,
  low: () => [...stockKeys.all, 'low'] as const,
  settings: () => [...stockKeys.all, 'settings'] as const,
  history: (key: StockItemQuery) => [...stockKeys.all, 'history', key] as const,
}

export const stockApi = {
  low: (signal?: AbortSignal) => apiClient.get('/admin/stock/low', LowStockSchema, { signal }),
  settings: (signal?: AbortSignal) => apiClient.get('/admin/stock/settings', StockSettingsSchema, { signal }),
  saveSettings: (input: StockSettings) => apiClient.put('/admin/stock/settings', StockSettingsSchema, input),
  history: (key: StockItemQuery, signal?: AbortSignal) =>
    apiClient.get('/admin/stock/history', z.array(StockMovementSchema), { query: key, signal }),
}

const fresh = { staleTime: 0, gcTime: cachePresets.list.gcTime } as const

export const stockQueries = {
  low: () =>
    queryOptions({ queryKey: stockKeys.low(), queryFn: ({ signal }) => stockApi.low(signal), ...fresh }),
  settings: () =>
    queryOptions({
      queryKey: stockKeys.settings(),
      queryFn: ({ signal }) => stockApi.settings(signal),
      ...fresh,
    }),
  history: (key: StockItemQuery) =>
    queryOptions({
      queryKey: stockKeys.history(key),
      queryFn: ({ signal }) => stockApi.history(key, signal),
      ...fresh,
    }),
}

export function useSaveStockSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: stockApi.saveSettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stockKeys.all }),
  })
}

import { queryOptions } from '@tanstack/react-query'
import { DashboardSchema, type DashboardQuery } from '@tavlin/contracts'
import { apiClient } from '../lib/api-client'
import { cachePresets } from '../lib/query-client'

export const dashboardKeys = {
  all: ['admin-dashboard'] as const,
  figures: (params: DashboardQuery) => [...dashboardKeys.all, params] as const,
}

export const dashboardQueries = {
  figures: (params: DashboardQuery) =>
    queryOptions({
      queryKey: dashboardKeys.figures(params),
      queryFn: ({ signal }) => apiClient.get('/admin/dashboard', DashboardSchema, { query: params, signal }),
      // The server keeps the figures for a few seconds; a morning's reload should show a new order.
      staleTime: 0,
      gcTime: cachePresets.list.gcTime,
    }),
}

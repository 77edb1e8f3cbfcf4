import { queryOptions } from '@tanstack/react-query'
import { ActivityEntrySchema, paged, type ActivityQuery } from '@tavlin/contracts'
import { apiClient } from '../lib/api-client'
import { cachePresets } from '../lib/query-client'

const ActivityPageSchema = paged(ActivityEntrySchema)

export type ActivityParams = Partial<ActivityQuery>

export const activityKeys = {
  all: ['admin-activity'] as const,
  list: (params: ActivityParams) => [...activityKeys.all, 'list', params] as const,
}

export const activityQueries = {
  list: (params: ActivityParams) =>
    queryOptions({
      queryKey: activityKeys.list(params),
      queryFn: ({ signal }) =>
        apiClient.get('/admin/activity', ActivityPageSchema, { query: params, signal }),
      ...cachePresets.list,
      // The log is read to see what just happened.
      staleTime: 0,
    }),
}

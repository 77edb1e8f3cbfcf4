import { queryOptions } from '@tanstack/react-query'
import { PackageSchema, paged, type PackageListQuery } from '@tavlin/contracts'
import { apiClient } from '../lib/api-client'
import { cachePresets } from '../lib/query-client'

const PackagePageSchema = paged(PackageSchema)

export type PackageListParams = Partial<PackageListQuery>

export const packageKeys = {
  all: ['packages'] as const,
  lists: () => [...packageKeys.all, 'list'] as const,
  list: (params: PackageListParams) => [...packageKeys.lists(), params] as const,
  details: () => [...packageKeys.all, 'detail'] as const,
  detail: (id: string) => [...packageKeys.details(), id] as const,
  random: (params: { page: number; limit: number }) => [...packageKeys.all, 'random', params] as const,
}

export const packagesApi = {
  list: (params: PackageListParams, signal?: AbortSignal) =>
    apiClient.get('/packages', PackagePageSchema, { query: params, signal }),
  detail: (id: string, signal?: AbortSignal) => apiClient.get(`/packages/${id}`, PackageSchema, { signal }),
  random: (params: { page: number; limit: number }, signal?: AbortSignal) =>
    apiClient.get('/packages/random', PackagePageSchema, { query: params, signal }),
}

export const packageQueries = {
  list: (params: PackageListParams) =>
    queryOptions({
      queryKey: packageKeys.list(params),
      queryFn: ({ signal }) => packagesApi.list(params, signal),
      ...cachePresets.list,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: packageKeys.detail(id),
      queryFn: ({ signal }) => packagesApi.detail(id, signal),
      ...cachePresets.detail,
    }),
}

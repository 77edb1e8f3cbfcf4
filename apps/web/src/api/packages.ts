import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { PAGE_SIZES, type PackageInput, type PackageListQuery } from '@tavlin/contracts'
import { apiClient } from '../lib/api-client'
import { cachePresets } from '../lib/query-client'
import type { CartItemSummary } from './cart-items'
import { DeletedShape, PackagePageShape, PackageShape } from './catalog-shapes'

export type PackageListParams = Partial<PackageListQuery>
type RandomParams = { page: number; limit: number }

export const packageKeys = {
  all: ['packages'] as const,
  lists: () => [...packageKeys.all, 'list'] as const,
  list: (params: PackageListParams) => [...packageKeys.lists(), params] as const,
  details: () => [...packageKeys.all, 'detail'] as const,
  detail: (id: string) => [...packageKeys.details(), id] as const,
  random: (params: RandomParams) => [...packageKeys.all, 'random', params] as const,
  related: (id: string) => [...packageKeys.all, 'related', id] as const,
}

export const packagesApi = {
  list: (params: PackageListParams, signal?: AbortSignal) =>
    apiClient.get('/packages', PackagePageShape, { query: params, signal }),
  // Spec §7: the envelope, or the entity itself.
  detail: (id: string, signal?: AbortSignal) =>
    apiClient.get(`/packages/${id}`, PackageShape, { signal, acceptsBareEntity: true }),
  random: (params: RandomParams, signal?: AbortSignal) =>
    apiClient.get('/packages/random', PackagePageShape, { query: params, signal }),
  create: (input: PackageInput) => apiClient.post('/packages', PackageShape, input),
  update: (id: string, input: PackageInput) => apiClient.put(`/packages/${id}`, PackageShape, input),
  remove: (id: string) => apiClient.delete(`/packages/${id}`, DeletedShape),
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
  /**
   * The cart's row details: the detail cache entry, with the cart's own freshness and
   * retries; typed as the summary a row needs so products and packages share one list.
   */
  cartDetail: (id: string) =>
    queryOptions<CartItemSummary>({
      queryKey: packageKeys.detail(id),
      queryFn: ({ signal }) => packagesApi.detail(id, signal),
      ...cachePresets.cartDetails,
    }),
  random: (params: RandomParams) =>
    queryOptions({
      queryKey: packageKeys.random(params),
      queryFn: ({ signal }) => packagesApi.random(params, signal),
      ...cachePresets.random,
    }),
  /** Packages have no categories: related is the list without this one. */
  related: (id: string) =>
    queryOptions({
      queryKey: packageKeys.related(id),
      queryFn: ({ signal }) => packagesApi.list({ exclude: id, limit: PAGE_SIZES.related }, signal),
      select: (page) => page.items,
      ...cachePresets.related,
    }),
}

/**
 * After any catalogue write every list-like package query (admin table, shop, random,
 * related) may be stale: all but the details are refetched, so the storefront shows
 * the change at once.
 */
function refreshPackageLists(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    queryKey: packageKeys.all,
    predicate: (query) => query.queryKey[1] !== 'detail',
  })
}

export function useCreatePackage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: packagesApi.create,
    onSuccess: (saved) => {
      queryClient.setQueryData(packageKeys.detail(saved._id), saved)
      return refreshPackageLists(queryClient)
    },
  })
}

export function useUpdatePackage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: PackageInput }) => packagesApi.update(id, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(packageKeys.detail(saved._id), saved)
      return refreshPackageLists(queryClient)
    },
  })
}

export function useDeletePackage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: packagesApi.remove,
    onSuccess: ({ _id }) => {
      queryClient.removeQueries({ queryKey: packageKeys.detail(_id) })
      return refreshPackageLists(queryClient)
    },
  })
}

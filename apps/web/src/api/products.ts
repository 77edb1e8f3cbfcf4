import { queryOptions } from '@tanstack/react-query'
import { ProductSchema, paged, type ProductListQuery } from '@tavlin/contracts'
import { apiClient } from '../lib/api-client'
import { cachePresets } from '../lib/query-client'

const ProductPageSchema = paged(ProductSchema)

export type ProductListParams = Partial<ProductListQuery>

/** Keys from general to specific, so invalidating `all` refreshes every product query. */
export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  list: (params: ProductListParams) => [...productKeys.lists(), params] as const,
  details: () => [...productKeys.all, 'detail'] as const,
  detail: (id: string) => [...productKeys.details(), id] as const,
  random: (params: { page: number; limit: number }) => [...productKeys.all, 'random', params] as const,
  related: (id: string, category?: string) => [...productKeys.all, 'related', id, category] as const,
}

export const productsApi = {
  list: (params: ProductListParams, signal?: AbortSignal) =>
    apiClient.get('/products', ProductPageSchema, { query: params, signal }),
  detail: (id: string, signal?: AbortSignal) => apiClient.get(`/products/${id}`, ProductSchema, { signal }),
  random: (params: { page: number; limit: number }, signal?: AbortSignal) =>
    apiClient.get('/products/random', ProductPageSchema, { query: params, signal }),
}

export const productQueries = {
  list: (params: ProductListParams) =>
    queryOptions({
      queryKey: productKeys.list(params),
      queryFn: ({ signal }) => productsApi.list(params, signal),
      ...cachePresets.list,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: productKeys.detail(id),
      queryFn: ({ signal }) => productsApi.detail(id, signal),
      ...cachePresets.detail,
    }),
}

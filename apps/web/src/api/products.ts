import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { ProductSchema, paged, type ProductInput, type ProductListQuery } from '@tavlin/contracts'
import { z } from 'zod'
import { apiClient } from '../lib/api-client'
import { cachePresets } from '../lib/query-client'

const ProductPageSchema = paged(ProductSchema)
const DeletedProductSchema = z.object({ _id: z.string() })

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
  create: (input: ProductInput) => apiClient.post('/products', ProductSchema, input),
  update: (id: string, input: ProductInput) => apiClient.put(`/products/${id}`, ProductSchema, input),
  remove: (id: string) => apiClient.delete(`/products/${id}`, DeletedProductSchema),
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

/**
 * After any catalogue write every list-like product query (admin table, shop, random,
 * related) may be stale: all but the details are refetched, so the storefront shows
 * the change at once.
 */
function refreshProductLists(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    queryKey: productKeys.all,
    predicate: (query) => query.queryKey[1] !== 'detail',
  })
}

export function useCreateProduct() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: productsApi.create,
    onSuccess: (product) => {
      queryClient.setQueryData(productKeys.detail(product._id), product)
      return refreshProductLists(queryClient)
    },
  })
}

export function useUpdateProduct() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ProductInput }) => productsApi.update(id, input),
    onSuccess: (product) => {
      queryClient.setQueryData(productKeys.detail(product._id), product)
      return refreshProductLists(queryClient)
    },
  })
}

export function useDeleteProduct() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: productsApi.remove,
    onSuccess: ({ _id }) => {
      queryClient.removeQueries({ queryKey: productKeys.detail(_id) })
      return refreshProductLists(queryClient)
    },
  })
}

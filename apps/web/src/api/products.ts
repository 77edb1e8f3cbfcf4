import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import {
  PAGE_SIZES,
  type AdminProductListQuery,
  type Product,
  type ProductInput,
  type ProductListQuery,
} from '@tavlin/contracts'
import { apiClient } from '../lib/api-client'
import { cachePresets } from '../lib/query-client'
import type { CartItemSummary } from './cart-items'
import { DeletedShape, ProductArrayShape, ProductPageShape, ProductShape } from './catalog-shapes'

export type ProductListParams = Partial<ProductListQuery>
export type AdminProductListParams = Partial<AdminProductListQuery>
export type RandomParams = { page: number; limit: number }

/** Keys from general to specific, so invalidating `all` refreshes every product query. */
export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  list: (params: ProductListParams) => [...productKeys.lists(), params] as const,
  details: () => [...productKeys.all, 'detail'] as const,
  detail: (id: string) => [...productKeys.details(), id] as const,
  random: (params: RandomParams) => [...productKeys.all, 'random', params] as const,
  related: (id: string, category?: string) => [...productKeys.all, 'related', id, category] as const,
  byNames: (names: readonly string[]) => [...productKeys.all, 'names', [...names].sort()] as const,
  /** The admin's reads (decision 293): hidden products too, never from the shop's cache. */
  adminList: (params: AdminProductListParams) => [...productKeys.all, 'admin', 'list', params] as const,
  adminDetail: (id: string) => [...productKeys.all, 'admin', 'detail', id] as const,
}

export const productsApi = {
  list: (params: ProductListParams, signal?: AbortSignal) =>
    apiClient.get('/products', ProductPageShape, { query: params, signal }),
  // Spec §7: the envelope, or the entity itself.
  detail: (id: string, signal?: AbortSignal) =>
    apiClient.get(`/products/${id}`, ProductShape, { signal, acceptsBareEntity: true }),
  random: (params: RandomParams, signal?: AbortSignal) =>
    apiClient.get('/products/random', ProductPageShape, { query: params, signal }),
  byNames: (names: readonly string[], signal?: AbortSignal) =>
    apiClient.post('/products/names', ProductArrayShape, { names }, { signal }),
  adminList: (params: AdminProductListParams, signal?: AbortSignal) =>
    apiClient.get('/admin/products', ProductPageShape, { query: params, signal }),
  adminDetail: (id: string, signal?: AbortSignal) =>
    apiClient.get(`/admin/products/${id}`, ProductShape, { signal }),
  create: (input: ProductInput) => apiClient.post('/products', ProductShape, input),
  update: (id: string, input: ProductInput) => apiClient.put(`/products/${id}`, ProductShape, input),
  remove: (id: string) => apiClient.delete(`/products/${id}`, DeletedShape),
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
  /**
   * The cart's row details: the detail cache entry, with the cart's own freshness and
   * retries; typed as the summary a row needs so products and packages share one list.
   */
  cartDetail: (id: string) =>
    queryOptions<CartItemSummary>({
      queryKey: productKeys.detail(id),
      queryFn: ({ signal }) => productsApi.detail(id, signal),
      ...cachePresets.cartDetails,
    }),
  random: (params: RandomParams) =>
    queryOptions({
      queryKey: productKeys.random(params),
      queryFn: ({ signal }) => productsApi.random(params, signal),
      ...cachePresets.random,
    }),
  /** Spec §7: related = the list without this product, in its category, four of them. */
  related: (id: string, category?: ProductListQuery['category']) =>
    queryOptions({
      queryKey: productKeys.related(id, category),
      queryFn: ({ signal }) => productsApi.list({ exclude: id, category, limit: PAGE_SIZES.related }, signal),
      select: (page) => page.items,
      ...cachePresets.related,
    }),
  /** The admin's list: hidden products included, filtered by visibility when asked. */
  adminList: (params: AdminProductListParams) =>
    queryOptions({
      queryKey: productKeys.adminList(params),
      queryFn: ({ signal }) => productsApi.adminList(params, signal),
      ...cachePresets.list,
    }),
  /** The admin's form: the product even when it is hidden from the shop. */
  adminDetail: (id: string) =>
    queryOptions({
      queryKey: productKeys.adminDetail(id),
      queryFn: ({ signal }) => productsApi.adminDetail(id, signal),
      ...cachePresets.detail,
    }),
  /** The catalogue products sold as these recipe ingredients. */
  byNames: (names: readonly string[]) =>
    queryOptions({
      queryKey: productKeys.byNames(names),
      queryFn: ({ signal }) => (names.length ? productsApi.byNames(names, signal) : Promise.resolve([])),
      ...cachePresets.list,
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
    predicate: (query) => query.queryKey[1] !== 'detail' && query.queryKey[2] !== 'detail',
  })
}

/** The saved product as each read sees it: the admin's always, the shop's only while it is shown. */
function keepSaved(queryClient: QueryClient, product: Product) {
  queryClient.setQueryData(productKeys.adminDetail(product._id), product)
  if (product.isHidden) queryClient.removeQueries({ queryKey: productKeys.detail(product._id) })
  else queryClient.setQueryData(productKeys.detail(product._id), product)
}

export function useCreateProduct() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: productsApi.create,
    onSuccess: (product) => {
      keepSaved(queryClient, product)
      return refreshProductLists(queryClient)
    },
  })
}

export function useUpdateProduct() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ProductInput }) => productsApi.update(id, input),
    onSuccess: (product) => {
      keepSaved(queryClient, product)
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
      queryClient.removeQueries({ queryKey: productKeys.adminDetail(_id) })
      return refreshProductLists(queryClient)
    },
  })
}

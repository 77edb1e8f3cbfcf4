import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  AdminOrderSchema,
  ShipOrdersResultSchema,
  paged,
  type AdminOrderListQuery,
  type OrdersExportQuery,
  type OrderStatus,
} from '@tavlin/contracts'
import { apiClient } from '../lib/api-client'
import { cachePresets } from '../lib/query-client'

/**
 * The admin side of /api/orders (list, detail, status change). The storefront's
 * checkout and thank-you calls are a separate concern.
 */
const AdminOrderPageSchema = paged(AdminOrderSchema)

export type AdminOrderListParams = Partial<AdminOrderListQuery>

export const adminOrderKeys = {
  all: ['admin-orders'] as const,
  lists: () => [...adminOrderKeys.all, 'list'] as const,
  list: (params: AdminOrderListParams) => [...adminOrderKeys.lists(), params] as const,
  details: () => [...adminOrderKeys.all, 'detail'] as const,
  detail: (id: string) => [...adminOrderKeys.details(), id] as const,
}

export const adminOrdersApi = {
  list: (params: AdminOrderListParams, signal?: AbortSignal) =>
    apiClient.get('/orders', AdminOrderPageSchema, { query: params, signal }),
  // Spec §7: the envelope, or the entity itself.
  detail: (id: string, signal?: AbortSignal) =>
    apiClient.get(`/orders/${id}`, AdminOrderSchema, { signal, acceptsBareEntity: true }),
  changeStatus: (id: string, orderStatus: OrderStatus) =>
    apiClient.patch(`/orders/${id}`, AdminOrderSchema, { orderStatus }),
  ship: (ids: readonly string[]) => apiClient.post('/orders/ship', ShipOrdersResultSchema, { ids }),
  exportCsv: (query: Partial<OrdersExportQuery>) => apiClient.download('/orders/export.csv', { query }),
}

// Orders change by themselves (payments arrive), so the admin sees them fresh rather than from a 5-minute cache.
const fresh = { staleTime: 0, gcTime: cachePresets.list.gcTime } as const

export const adminOrderQueries = {
  list: (params: AdminOrderListParams) =>
    queryOptions({
      queryKey: adminOrderKeys.list(params),
      queryFn: ({ signal }) => adminOrdersApi.list(params, signal),
      ...fresh,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: adminOrderKeys.detail(id),
      queryFn: ({ signal }) => adminOrdersApi.detail(id, signal),
      ...fresh,
    }),
}

export function useChangeOrderStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, orderStatus }: { id: string; orderStatus: OrderStatus }) =>
      adminOrdersApi.changeStatus(id, orderStatus),
    // A status change is not idempotent from the user's point of view: never retried.
    retry: false,
    onSuccess: (order) => {
      queryClient.setQueryData(adminOrderKeys.detail(order._id), order)
      return queryClient.invalidateQueries({ queryKey: adminOrderKeys.lists() })
    },
  })
}

export function useShipOrders() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (ids: readonly string[]) => adminOrdersApi.ship(ids),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminOrderKeys.all }),
  })
}

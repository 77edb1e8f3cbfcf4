import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import {
  BulkTrackingResultSchema,
  CourierSchema,
  OrderTrackingSchema,
  type BulkTrackingInput,
  type CourierInput,
  type OrderTrackingInput,
} from '@tavlin/contracts'
import { apiClient } from '../lib/api-client'
import { adminOrderKeys } from './admin-orders'

/** Couriers and tracking numbers (issue 41): the owner's couriers and an order's parcel. */
export const courierKeys = {
  all: ['couriers'] as const,
  list: () => [...courierKeys.all, 'list'] as const,
}

const CourierListSchema = z.array(CourierSchema)
const DeletedSchema = z.object({ _id: z.string() })

export const trackingApi = {
  couriers: (signal?: AbortSignal) => apiClient.get('/admin/couriers', CourierListSchema, { signal }),
  addCourier: (input: CourierInput) => apiClient.post('/admin/couriers', CourierSchema, input),
  removeCourier: (id: string) => apiClient.delete(`/admin/couriers/${id}`, DeletedSchema),
  set: (orderId: string, input: OrderTrackingInput) =>
    apiClient.put(`/orders/${orderId}/tracking`, OrderTrackingSchema, input),
  clear: (orderId: string) => apiClient.delete(`/orders/${orderId}/tracking`, z.null()),
  setMany: (input: BulkTrackingInput) => apiClient.post('/orders/tracking', BulkTrackingResultSchema, input),
}

export const courierQueries = {
  list: () =>
    queryOptions({
      queryKey: courierKeys.list(),
      queryFn: ({ signal }) => trackingApi.couriers(signal),
      staleTime: 0,
    }),
}

export function useAddCourier() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: trackingApi.addCourier,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courierKeys.all }),
  })
}

export function useRemoveCourier() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: trackingApi.removeCourier,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courierKeys.all }),
  })
}

/** Set (with a courier and number) or clear (null) one order's tracking. */
export function useSaveOrderTracking() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ orderId, input }: { orderId: string; input: OrderTrackingInput | null }) =>
      input ? trackingApi.set(orderId, input) : trackingApi.clear(orderId),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminOrderKeys.all }),
  })
}

export function useSetManyTracking() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: trackingApi.setMany,
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminOrderKeys.all }),
  })
}

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import {
  DeliveryCatalogSchema,
  DeliveryMethodSchema,
  DeliverySettingsSchema,
  type DeliveryMethodInput,
  type DeliverySettings,
} from '@tavlin/contracts'
import { apiClient } from '../lib/api-client'

/** Delivery methods (issue 19, decision 228): what checkout offers, and the admin's methods. */
export const deliveryKeys = {
  all: ['delivery'] as const,
  catalog: () => [...deliveryKeys.all, 'catalog'] as const,
  admin: () => [...deliveryKeys.all, 'admin'] as const,
}

const DeletedSchema = z.object({ _id: z.string() })

export const deliveryApi = {
  catalog: (signal?: AbortSignal) => apiClient.get('/delivery', DeliveryCatalogSchema, { signal }),
  admin: (signal?: AbortSignal) => apiClient.get('/admin/delivery', DeliveryCatalogSchema, { signal }),
  create: (input: DeliveryMethodInput) =>
    apiClient.post('/admin/delivery/methods', DeliveryMethodSchema, input),
  update: (id: string, input: DeliveryMethodInput) =>
    apiClient.put(`/admin/delivery/methods/${id}`, DeliveryMethodSchema, input),
  remove: (id: string) => apiClient.delete(`/admin/delivery/methods/${id}`, DeletedSchema),
  saveSettings: (settings: DeliverySettings) =>
    apiClient.put('/admin/delivery/settings', DeliverySettingsSchema, settings),
}

export const deliveryQueries = {
  /** The shop's methods at checkout: read fresh for each checkout, an admin may just have changed them. */
  catalog: () =>
    queryOptions({
      queryKey: deliveryKeys.catalog(),
      queryFn: ({ signal }) => deliveryApi.catalog(signal),
      staleTime: 60_000,
    }),
  admin: () =>
    queryOptions({
      queryKey: deliveryKeys.admin(),
      queryFn: ({ signal }) => deliveryApi.admin(signal),
      staleTime: 0,
    }),
}

/** Every change of the admin's makes checkout read the methods again. */
function useInvalidateDelivery() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: deliveryKeys.all })
}

/** Create (no id) or edit a method. */
export function useSaveDeliveryMethod() {
  const invalidate = useInvalidateDelivery()
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: DeliveryMethodInput }) =>
      id ? deliveryApi.update(id, input) : deliveryApi.create(input),
    onSuccess: invalidate,
  })
}

export function useDeleteDeliveryMethod() {
  const invalidate = useInvalidateDelivery()
  return useMutation({ mutationFn: deliveryApi.remove, onSuccess: invalidate })
}

export function useSaveDeliverySettings() {
  const invalidate = useInvalidateDelivery()
  return useMutation({ mutationFn: deliveryApi.saveSettings, onSuccess: invalidate })
}

import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  AccountDeletionResultSchema,
  AccountOrderListSchema,
  AccountOrderSchema,
  AccountProfileSchema,
  ClaimOrdersResultSchema,
  ReorderSchema,
  SavedAddressListSchema,
  SavedAddressSchema,
  type AccountProfileInput,
  type SavedAddressInput,
} from '@tavlin/contracts'
import { apiClient } from '../lib/api-client'

/** "החשבון שלי" (issue 22, decision 230): the signed-in shopper's own data, never cached for long. */
export const accountKeys = {
  all: ['account'] as const,
  profile: () => [...accountKeys.all, 'profile'] as const,
  orders: () => [...accountKeys.all, 'orders'] as const,
  orderPage: (page: number) => [...accountKeys.orders(), 'page', page] as const,
  order: (orderId: string) => [...accountKeys.orders(), 'one', orderId] as const,
  addresses: () => [...accountKeys.all, 'addresses'] as const,
}

const path = (id: string) => encodeURIComponent(id)

export const accountApi = {
  profile: (signal?: AbortSignal) => apiClient.get('/account', AccountProfileSchema, { signal }),
  saveProfile: (input: AccountProfileInput) => apiClient.put('/account', AccountProfileSchema, input),
  orders: (page: number, signal?: AbortSignal) =>
    apiClient.get('/account/orders', AccountOrderListSchema, { query: { page }, signal }),
  order: (orderId: string, signal?: AbortSignal) =>
    apiClient.get(`/account/orders/${path(orderId)}`, AccountOrderSchema, { signal }),
  reorder: (orderId: string) => apiClient.post(`/account/orders/${path(orderId)}/reorder`, ReorderSchema, {}),
  addresses: (signal?: AbortSignal) =>
    apiClient.get('/account/addresses', SavedAddressListSchema, { signal }),
  createAddress: (input: SavedAddressInput) =>
    apiClient.post('/account/addresses', SavedAddressSchema, input),
  updateAddress: (id: string, input: SavedAddressInput) =>
    apiClient.put(`/account/addresses/${path(id)}`, SavedAddressSchema, input),
  deleteAddress: (id: string) => apiClient.delete(`/account/addresses/${path(id)}`, SavedAddressListSchema),
  makeDefault: (id: string) =>
    apiClient.post(`/account/addresses/${path(id)}/default`, SavedAddressListSchema, {}),
  claimOrders: () => apiClient.post('/account/claim-orders', ClaimOrdersResultSchema, {}),
  deleteAccount: () => apiClient.delete('/account', AccountDeletionResultSchema),
}

export const accountQueries = {
  profile: () =>
    queryOptions({
      queryKey: accountKeys.profile(),
      queryFn: ({ signal }) => accountApi.profile(signal),
      staleTime: 0,
    }),
  orders: (page: number) =>
    queryOptions({
      queryKey: accountKeys.orderPage(page),
      queryFn: ({ signal }) => accountApi.orders(page, signal),
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
  order: (orderId: string) =>
    queryOptions({
      queryKey: accountKeys.order(orderId),
      queryFn: ({ signal }) => accountApi.order(orderId, signal),
      staleTime: 0,
    }),
  addresses: () =>
    queryOptions({
      queryKey: accountKeys.addresses(),
      queryFn: ({ signal }) => accountApi.addresses(signal),
      staleTime: 0,
    }),
}

export function useSaveProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: accountApi.saveProfile,
    onSuccess: (profile) => queryClient.setQueryData(accountKeys.profile(), profile),
  })
}

/** The old order's lines at today's prices; the caller puts them in the cart. */
export function useReorder() {
  return useMutation({ mutationFn: accountApi.reorder })
}

function useInvalidateAddresses() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: accountKeys.addresses() })
}

/** Add (no id) or change a saved address. */
export function useSaveAddress() {
  const invalidate = useInvalidateAddresses()
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: SavedAddressInput }) =>
      id ? accountApi.updateAddress(id, input) : accountApi.createAddress(input),
    onSuccess: invalidate,
  })
}

export function useDeleteAddress() {
  const invalidate = useInvalidateAddresses()
  return useMutation({ mutationFn: accountApi.deleteAddress, onSuccess: invalidate })
}

export function useMakeDefaultAddress() {
  const invalidate = useInvalidateAddresses()
  return useMutation({ mutationFn: accountApi.makeDefault, onSuccess: invalidate })
}

export function useClaimOrders() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: accountApi.claimOrders,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.orders() }),
  })
}

export function useDeleteAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: accountApi.deleteAccount,
    // Nothing of the account may linger in the cache for whoever uses this browser next.
    onSuccess: () => queryClient.removeQueries({ queryKey: accountKeys.all }),
  })
}

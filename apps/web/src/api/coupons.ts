import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  CouponCheckResponseSchema,
  CouponListSchema,
  CouponSchema,
  WelcomeCouponSettingsSchema,
  type CouponCheckRequest,
  type CouponInput,
  type WelcomeCouponSettings,
} from '@tavlin/contracts'
import { apiClient } from '../lib/api-client'

/** Coupons (issue 19): the admin's list and form, and a code checked against the cart at checkout. */
export const couponKeys = {
  all: ['coupons'] as const,
  list: () => [...couponKeys.all, 'list'] as const,
  welcome: () => [...couponKeys.all, 'welcome'] as const,
  check: (request: CouponCheckRequest) => [...couponKeys.all, 'check', request] as const,
}

export const couponsApi = {
  list: (signal?: AbortSignal) => apiClient.get('/admin/coupons', CouponListSchema, { signal }),
  create: (input: CouponInput) => apiClient.post('/admin/coupons', CouponSchema, input),
  update: (id: string, input: CouponInput) => apiClient.put(`/admin/coupons/${id}`, CouponSchema, input),
  welcome: (signal?: AbortSignal) =>
    apiClient.get('/admin/coupons/welcome', WelcomeCouponSettingsSchema, { signal }),
  saveWelcome: (settings: WelcomeCouponSettings) =>
    apiClient.put('/admin/coupons/welcome', WelcomeCouponSettingsSchema, settings),
  check: (request: CouponCheckRequest, signal?: AbortSignal) =>
    apiClient.post('/coupons/check', CouponCheckResponseSchema, request, { signal }),
}

export const couponQueries = {
  list: () =>
    queryOptions({
      queryKey: couponKeys.list(),
      queryFn: ({ signal }) => couponsApi.list(signal),
      staleTime: 0,
    }),
  welcome: () =>
    queryOptions({
      queryKey: couponKeys.welcome(),
      queryFn: ({ signal }) => couponsApi.welcome(signal),
      staleTime: 0,
    }),
  /** A refusal (422) is an answer, not a failure to retry. */
  check: (request: CouponCheckRequest) =>
    queryOptions({
      queryKey: couponKeys.check(request),
      queryFn: ({ signal }) => couponsApi.check(request, signal),
      staleTime: 0,
      retry: false,
    }),
}

/** Create (no id) or edit a coupon; the list is read again after. */
export function useSaveCoupon() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: CouponInput }) =>
      id ? couponsApi.update(id, input) : couponsApi.create(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponKeys.list() }),
  })
}

export function useSaveWelcomeCoupon() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: couponsApi.saveWelcome,
    onSuccess: (saved) => queryClient.setQueryData(couponKeys.welcome(), saved),
  })
}

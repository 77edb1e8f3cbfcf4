import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  BusinessDetailsAdminSchema,
  CartReminderSettingsAdminSchema,
  CheckoutSettingsSchema,
  CustomerMailSettingsSchema,
  LegalPageAdminSchema,
  PaymentOptionsSchema,
  type BusinessDetailsInput,
  type PaymentOptions,
  type CheckoutSettings,
  type CustomerMailSettings,
  type CartReminderSettings,
  type LegalPage,
} from '@tavlin/contracts'
import { apiClient } from '../lib/api-client'
import { shopKeys } from './shop'

/** The admin's side of the business details and legal pages (issue 18). */
export const adminShopKeys = {
  all: ['admin-shop'] as const,
  details: () => [...adminShopKeys.all, 'details'] as const,
  checkout: () => [...adminShopKeys.all, 'checkout'] as const,
  customerMails: () => [...adminShopKeys.all, 'customer-mails'] as const,
  cartReminders: () => [...adminShopKeys.all, 'cart-reminders'] as const,
  page: (page: LegalPage) => [...adminShopKeys.all, 'page', page] as const,
  paymentOptions: () => [...adminShopKeys.all, 'payment-options'] as const,
}

export const adminShopApi = {
  details: (signal?: AbortSignal) =>
    apiClient.get('/admin/shop/details', BusinessDetailsAdminSchema, { signal }),
  saveDetails: (input: BusinessDetailsInput) =>
    apiClient.put('/admin/shop/details', BusinessDetailsAdminSchema, input),
  checkout: (signal?: AbortSignal) =>
    apiClient.get('/admin/shop/checkout', CheckoutSettingsSchema, { signal }),
  saveCheckout: (input: CheckoutSettings) =>
    apiClient.put('/admin/shop/checkout', CheckoutSettingsSchema, input),
  customerMails: (signal?: AbortSignal) =>
    apiClient.get('/admin/shop/customer-mails', CustomerMailSettingsSchema, { signal }),
  saveCustomerMails: (input: CustomerMailSettings) =>
    apiClient.put('/admin/shop/customer-mails', CustomerMailSettingsSchema, input),
  cartReminders: (signal?: AbortSignal) =>
    apiClient.get('/admin/shop/cart-reminders', CartReminderSettingsAdminSchema, { signal }),
  saveCartReminders: (input: CartReminderSettings) =>
    apiClient.put('/admin/shop/cart-reminders', CartReminderSettingsAdminSchema, input),
  page: (page: LegalPage, signal?: AbortSignal) =>
    apiClient.get(`/admin/shop/pages/${page}`, LegalPageAdminSchema, { signal }),
  savePage: (page: LegalPage, markdown: string) =>
    apiClient.put(`/admin/shop/pages/${page}`, LegalPageAdminSchema, { markdown }),
  paymentOptions: (signal?: AbortSignal) =>
    apiClient.get('/admin/shop/payment-options', PaymentOptionsSchema, { signal }),
  savePaymentOptions: (input: PaymentOptions) =>
    apiClient.put('/admin/shop/payment-options', PaymentOptionsSchema, input),
}

export const adminShopQueries = {
  details: () =>
    queryOptions({
      queryKey: adminShopKeys.details(),
      queryFn: ({ signal }) => adminShopApi.details(signal),
      staleTime: 0,
    }),
  paymentOptions: () =>
    queryOptions({
      queryKey: adminShopKeys.paymentOptions(),
      queryFn: ({ signal }) => adminShopApi.paymentOptions(signal),
      staleTime: 0,
    }),
  checkout: () =>
    queryOptions({
      queryKey: adminShopKeys.checkout(),
      queryFn: ({ signal }) => adminShopApi.checkout(signal),
      staleTime: 0,
    }),
  customerMails: () =>
    queryOptions({
      queryKey: adminShopKeys.customerMails(),
      queryFn: ({ signal }) => adminShopApi.customerMails(signal),
      staleTime: 0,
    }),
  cartReminders: () =>
    queryOptions({
      queryKey: adminShopKeys.cartReminders(),
      queryFn: ({ signal }) => adminShopApi.cartReminders(signal),
      staleTime: 0,
    }),
  page: (page: LegalPage) =>
    queryOptions({
      queryKey: adminShopKeys.page(page),
      queryFn: ({ signal }) => adminShopApi.page(page, signal),
      staleTime: 0,
    }),
}

/** Saving changes what every page shows: the storefront's reads are refreshed too. */
export function useSaveBusinessDetails() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: adminShopApi.saveDetails,
    onSuccess: async (saved) => {
      queryClient.setQueryData(adminShopKeys.details(), saved)
      await queryClient.invalidateQueries({ queryKey: shopKeys.all })
    },
  })
}

/** The checkout's phone rule: the shop's checkout reads it again. */
export function useSaveCheckoutSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: adminShopApi.saveCheckout,
    onSuccess: async (saved) => {
      queryClient.setQueryData(adminShopKeys.checkout(), saved)
      await queryClient.invalidateQueries({ queryKey: shopKeys.checkout() })
    },
  })
}

/** Which of the order's later mails the shopper gets (issue 41). */
export function useSaveCustomerMailSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: adminShopApi.saveCustomerMails,
    onSuccess: (saved) => queryClient.setQueryData(adminShopKeys.customerMails(), saved),
  })
}

/** The reminder of a checkout left half-way (issue 36): its switch and delay. */
export function useSaveCartReminderSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: adminShopApi.saveCartReminders,
    onSuccess: (saved) => queryClient.setQueryData(adminShopKeys.cartReminders(), saved),
  })
}

export function useSaveLegalPage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ page, markdown }: { page: LegalPage; markdown: string }) =>
      adminShopApi.savePage(page, markdown),
    onSuccess: async (saved) => {
      queryClient.setQueryData(adminShopKeys.page(saved.page), saved)
      await queryClient.invalidateQueries({ queryKey: shopKeys.page(saved.page) })
    },
  })
}

/** What every new payment link offers; checkout's disclosure shows it too. */
export function useSavePaymentOptions() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: adminShopApi.savePaymentOptions,
    onSuccess: async (saved) => {
      queryClient.setQueryData(adminShopKeys.paymentOptions(), saved)
      await queryClient.invalidateQueries({ queryKey: shopKeys.paymentOptions() })
    },
  })
}

import { queryOptions } from '@tanstack/react-query'
import type { LegalPage } from '@tavlin/contracts'

// The footer of every page reads the business details: this module stays in the first
// chunk, so the fetchers (api client, shape checks) load only when a read really runs
// in the browser — the server's render usually hands the data over already.
const loadFetchers = () => import('./shop-fetchers')

const HOUR = 60 * 60 * 1000

export const shopKeys = {
  all: ['shop'] as const,
  details: () => [...shopKeys.all, 'details'] as const,
  page: (page: LegalPage) => [...shopKeys.all, 'page', page] as const,
  paymentOptions: () => [...shopKeys.all, 'payment-options'] as const,
  checkout: () => [...shopKeys.all, 'checkout'] as const,
}

export const shopQueries = {
  /** Changed by the owner rarely; the server's rendered pages carry the current values. */
  details: () =>
    queryOptions({
      queryKey: shopKeys.details(),
      queryFn: async ({ signal }) => (await loadFetchers()).shopApi.details(signal),
      staleTime: HOUR,
      gcTime: HOUR,
    }),
  /** The methods and installments the payment page offers, shown before payment (issue 32). */
  paymentOptions: () =>
    queryOptions({
      queryKey: shopKeys.paymentOptions(),
      queryFn: async ({ signal }) => (await loadFetchers()).shopApi.paymentOptions(signal),
      staleTime: 10 * 60 * 1000,
    }),
  /** The owner's checkout phone rule (decision 253); read again on every checkout visit. */
  checkout: () =>
    queryOptions({
      queryKey: shopKeys.checkout(),
      queryFn: async ({ signal }) => (await loadFetchers()).shopApi.checkout(signal),
      staleTime: 0,
    }),
  page: (page: LegalPage) =>
    queryOptions({
      queryKey: shopKeys.page(page),
      queryFn: async ({ signal }) => (await loadFetchers()).shopApi.page(page, signal),
      staleTime: 10 * 60 * 1000,
    }),
}

import {
  LEGAL_PAGES,
  PAYMENT_METHODS,
  type BusinessDetails,
  type CheckoutSettings,
  type LegalPage,
  type LegalPageView,
  type PaymentOptions,
} from '@tavlin/contracts'
import { apiClient } from '../lib/api-client'
import { array, boolean, entityShape, number, object, oneOf, string, type Check } from '../lib/response-shape'

// Checked without zod (decision 095): these reads serve every storefront page. Every
// field of the contract type is listed, so a new field fails the typecheck here.
const details = entityShape(
  object<BusinessDetails>({
    legalName: string,
    businessNumber: string,
    address: string,
    phone: string,
    email: string,
    coordinatorName: string,
    coordinatorPhone: string,
    coordinatorEmail: string,
    accessibilityReviewDate: string,
    delivery: string,
    deliveryFees: string,
    instagramUrl: string,
    facebookUrl: string,
  }),
)

const stringOrNull: Check<string | null> = (value, path) => (value === null ? null : string(value, path))

const legalPage = entityShape(
  object<LegalPageView>({ page: oneOf(LEGAL_PAGES), html: string, updatedAt: stringOrNull }),
)

const checkoutSettings = entityShape(object<CheckoutSettings>({ mobilePhoneOnly: boolean }))

const paymentOptions = entityShape(
  object<PaymentOptions>({ methods: array(oneOf(PAYMENT_METHODS)), maxInstallments: number }),
)

export const shopApi = {
  checkout: (signal?: AbortSignal) => apiClient.get('/shop/checkout', checkoutSettings, { signal }),
  paymentOptions: (signal?: AbortSignal) =>
    apiClient.get('/shop/payment-options', paymentOptions, { signal }),
  details: (signal?: AbortSignal) => apiClient.get('/shop/details', details, { signal }),
  page: (page: LegalPage, signal?: AbortSignal) =>
    apiClient.get(`/shop/pages/${page}`, legalPage, { signal }),
}

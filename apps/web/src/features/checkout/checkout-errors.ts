import type { ParseKeys } from '../../lib/i18n'
import type { UseFormSetError } from 'react-hook-form'
import {
  ErrorDetailSchema,
  OutOfStockDetailsSchema,
  PriceChangedDetailsSchema,
  type OutOfStockLine,
  type CheckoutCustomer,
  type PriceChangedDetails,
} from '@tavlin/contracts'
import { isApiError } from '../../lib/api-error'

export const CUSTOMER_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'address.street',
  'address.streetNum',
  'address.city',
  'address.entrance',
  'address.floor',
  'address.apartment',
  'address.postal_code',
  'notes',
] as const
export type CustomerField = (typeof CUSTOMER_FIELDS)[number]

/** The current prices of a 409 PRICE_CHANGED, or null for any other failure. */
export function priceChangeOf(error: unknown): PriceChangedDetails | null {
  if (!isApiError(error) || error.code !== 'PRICE_CHANGED') return null
  const parsed = PriceChangedDetailsSchema.safeParse(error.details)
  return parsed.success ? parsed.data : null
}

/** The lines of a 409 OUT_OF_STOCK, each with its name and what is left; null for any other failure. */
export function outOfStockOf(error: unknown): OutOfStockLine[] | null {
  if (!isApiError(error) || error.code !== 'OUT_OF_STOCK') return null
  const parsed = OutOfStockDetailsSchema.safeParse(error.details)
  return parsed.success ? parsed.data.items : null
}

/** Why the server refused the delivery method: it does not go to the city, or none was valid. */
export type DeliveryRefusal =
  { reason: 'required' } | { reason: 'unavailable'; city: string } | { reason: 'invalid' }

/** A 422 DELIVERY_UNAVAILABLE, or a 400 naming `deliveryMethodId`; null for any other failure. */
export function deliveryRefusalOf(error: unknown): DeliveryRefusal | null {
  if (!isApiError(error)) return null
  if (error.code === 'DELIVERY_UNAVAILABLE') {
    const details = error.details as { city?: unknown } | undefined
    return { reason: 'unavailable', city: typeof details?.city === 'string' ? details.city : '' }
  }
  if (error.code !== 'VALIDATION_ERROR') return null
  const named = detailsOf(error).some((detail) => fieldPathOf(detail.field) === 'deliveryMethodId')
  return named ? { reason: 'invalid' } : null
}

/** A detail's field without the request part it may start with (`body.customer.address.city`). */
function fieldPathOf(field: string): string {
  return field.replace(/^body\./, '')
}

function detailsOf(error: unknown) {
  if (!isApiError(error) || !Array.isArray(error.details)) return []
  return error.details.flatMap((entry) => {
    const detail = ErrorDetailSchema.safeParse(entry)
    return detail.success ? [detail.data] : []
  })
}

/**
 * Puts a 400's customer details (`body.customer.address.city`, or without `body.`) onto the form's fields.
 * Returns the first field named, for the caller to focus once the form is enabled again
 * (while the request runs the fields are disabled, and a disabled field takes no focus).
 */
export function applyServerFieldErrors(
  error: unknown,
  setError: UseFormSetError<CheckoutCustomer>,
): CustomerField | null {
  if (!isApiError(error) || error.code !== 'VALIDATION_ERROR') return null
  let first: CustomerField | null = null
  for (const detail of detailsOf(error)) {
    const name = CUSTOMER_FIELDS.find((field) => fieldPathOf(detail.field) === `customer.${field}`)
    if (!name) continue
    setError(name, { type: 'server', message: detail.message })
    first ??= name
  }
  return first
}

/** What the alert under the form says after a failed submission (spec §8 Checkout). */
export function submitErrorKey(error: unknown): ParseKeys {
  if (!isApiError(error)) return 'errorSubmittingForm'
  switch (error.code) {
    case 'PAYMENT_PROVIDER_ERROR':
      return 'errorFetchingPaymentForm'
    case 'RATE_LIMITED':
      return (error.details as { reason?: unknown } | undefined)?.reason === 'unpaidOrders'
        ? 'checkout.unpaidOrders'
        : 'checkout.rateLimited'
    case 'ORDER_IN_PROGRESS':
      return 'checkout.orderInProgress'
    case 'VALIDATION_ERROR':
      return detailsOf(error).some((detail) => detail.field.includes('orderItems'))
        ? 'checkout.itemUnavailable'
        : 'checkout.invalidFields'
    case 'INVALID_RESPONSE':
      // The only field of the answer we act on blindly is the link we open.
      return Array.isArray(error.details) && JSON.stringify(error.details).includes('paymentLink')
        ? 'invalidPaymentUrl'
        : 'errorSubmittingForm'
    default:
      return 'errorSubmittingForm'
  }
}

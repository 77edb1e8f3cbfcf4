import { useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { COUPON_ERROR_CODES, type CouponErrorCode } from '@tavlin/contracts'
import { couponKeys, couponQueries } from '../../api/coupons'
import { isApiError } from '../../lib/api-error'
import type { CartLine } from '../../stores/cart-store'

export type AppliedCoupon = { code: string; discount: number; freeShipping: boolean }

/** Why the server refused a code, when it said so precisely; null for any other failure. */
export function couponRefusalOf(error: unknown): { code: CouponErrorCode; minimumOrder?: number } | null {
  if (!isApiError(error) || !(COUPON_ERROR_CODES as readonly string[]).includes(error.code)) return null
  const details = error.details as { minimumOrder?: unknown } | undefined
  const minimumOrder = typeof details?.minimumOrder === 'number' ? details.minimumOrder : undefined
  return { code: error.code as CouponErrorCode, ...(minimumOrder === undefined ? {} : { minimumOrder }) }
}

/**
 * The coupon at checkout: the code the visitor applied, checked by the server against
 * the cart (again whenever the cart or the e-mail changes). Only a code the server
 * accepted changes the totals and goes with the order.
 */
export function useCheckoutCoupon(
  lines: readonly CartLine[],
  /** The delivery chosen for a known city: the server answers with that method's fee. */
  delivery: { deliveryMethodId: string; city: string } | null = null,
) {
  const queryClient = useQueryClient()
  const [code, setCode] = useState<string | null>(null)
  const [email, setEmail] = useState<string | undefined>(undefined)
  const request = code
    ? {
        code,
        orderItems: lines.map(({ itemId, itemType, size, quantity, price }) => ({
          itemId,
          itemType,
          size,
          quantity,
          price,
        })),
        ...(email ? { email } : {}),
        ...(delivery ?? {}),
      }
    : null
  const check = useQuery({
    ...couponQueries.check(request ?? { code: '', orderItems: [] }),
    enabled: request !== null,
    // A new delivery choice asks again about the same code: its discount stays on screen meanwhile.
    placeholderData: (previous) =>
      previous && code && previous.code.toLowerCase() === code.toLowerCase() ? previous : undefined,
  })
  const applied: AppliedCoupon | null =
    // A refetch that failed keeps the last data: a refused code gives no discount.
    request && check.data && !check.isError
      ? { code: check.data.code, discount: check.data.discount, freeShipping: check.data.freeShipping }
      : null
  return {
    code,
    applied,
    isChecking: request !== null && check.isFetching,
    error: request && check.isError ? check.error : null,
    apply(next: string, customerEmail?: string) {
      setEmail(customerEmail && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(customerEmail) ? customerEmail : undefined)
      setCode(next.trim())
    },
    remove() {
      setCode(null)
    },
    /** Checkout refused the code (used up meanwhile, or by this e-mail): ask again, with the e-mail. */
    recheck(customerEmail: string) {
      setEmail(customerEmail)
      void queryClient.invalidateQueries({ queryKey: couponKeys.all })
    },
  }
}
export type CheckoutCoupon = ReturnType<typeof useCheckoutCoupon>

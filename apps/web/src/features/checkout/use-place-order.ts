import { useEffect, useState } from 'react'
import { useNavigate, type NavigateFunction } from 'react-router'
import type { ParseKeys } from '../../lib/i18n'
import type { UseFormSetError, UseFormSetFocus } from 'react-hook-form'
import type {
  CheckoutCustomer,
  GenerateSaleRequest,
  GenerateSaleResponse,
  OutOfStockLine,
  PriceChangedDetails,
} from '@tavlin/contracts'
import { canRepeatWithSameKey, useGenerateSale } from '../../api/orders'
import { paths } from '../../config/paths'
import { useCartStore, type CartLine } from '../../stores/cart-store'
import {
  applyServerFieldErrors,
  deliveryRefusalOf,
  outOfStockOf,
  priceChangeOf,
  submitErrorKey,
  type CustomerField,
  type DeliveryRefusal,
} from './checkout-errors'
import { lineKey, type ChangedPrices } from './order-summary'
import {
  fingerprintOf,
  isPaymentUrl,
  newIdempotencyKey,
  openOrderKey,
  savePendingPayment,
} from './pending-payment'
import type { PaymentPendingState } from './checkout-shared'
import { couponRefusalOf, type CheckoutCoupon } from './use-checkout-coupon'

export type { DeliveryRefusal }

type FormHandles = {
  setError: UseFormSetError<CheckoutCustomer>
  setFocus: UseFormSetFocus<CheckoutCustomer>
  /** The server refused the delivery method: the delivery group says why. */
  onDeliveryRefused: (refusal: DeliveryRefusal) => void
}

/** The lines whose price the server changed, each with the price the person saw. */
function changedPricesOf(lines: CartLine[], current: PriceChangedDetails): ChangedPrices {
  const before = new Map(lines.map((line) => [lineKey(line), line.price]))
  return new Map(
    current.orderItems
      .filter((item) => before.has(lineKey(item)) && before.get(lineKey(item)) !== item.price)
      .map((item) => [lineKey(item), before.get(lineKey(item)) ?? item.price]),
  )
}

/** Remembers the order, opens the payment page in a new tab and shows the pending page. */
function openPayment(
  { paymentLink, order, payableUntil }: GenerateSaleResponse,
  request: { key: string; body: string },
  navigate: NavigateFunction,
) {
  const until = payableUntil ? Date.parse(payableUntil) : NaN
  savePendingPayment({
    orderId: order._id,
    number: order.number,
    paymentLink,
    statusToken: order.statusToken,
    createdAt: Date.now(),
    ...(Number.isFinite(until)
      ? { attempt: { key: request.key, fingerprint: fingerprintOf(request.body), payableUntil: until } }
      : {}),
  })
  const tab = window.open(paymentLink, '_blank')
  // Opened without `noopener` so a blocked pop-up is detectable (null); the
  // payment page still gets no handle on this tab.
  if (tab) tab.opener = null
  const state: PaymentPendingState = { isPopupBlocked: !tab }
  void navigate(paths.paymentPending, { state })
}

/** The customer form, the total shown, the delivery method chosen, and whether the marketing box is ticked. */
type PlaceOrderArgs = [
  customer: CheckoutCustomer,
  totalPrice: number,
  deliveryMethodId: string,
  isTicked: boolean,
]

function toRequest(
  lines: CartLine[],
  totalPrice: number,
  customer: CheckoutCustomer,
  couponCode: string | undefined,
  deliveryMethodId: string,
  isMarketingTicked: boolean,
): GenerateSaleRequest {
  return {
    orderItems: lines.map(({ itemId, itemType, size, quantity, price }) => ({
      itemId,
      itemType,
      size,
      quantity,
      price,
    })),
    totalPrice,
    customer,
    ...(couponCode ? { couponCode } : {}),
    deliveryMethodId,
    // Only a tick is sent: the box is unticked until the shopper ticks it (§30א).
    ...(isMarketingTicked ? { marketingConsent: true } : {}),
  }
}

/**
 * Placing the order: the request, the payment page on success, and on failure the
 * changed prices, the fields the server rejected (the first one focused) or a message.
 */
export function usePlaceOrder(
  lines: CartLine[],
  { setError, setFocus, onDeliveryRefused }: FormHandles,
  coupon: Pick<CheckoutCoupon, 'applied' | 'recheck'>,
) {
  const navigate = useNavigate()
  const applyPrices = useCartStore((state) => state.applyPrices)
  const sale = useGenerateSale()
  const [changed, setChanged] = useState<ChangedPrices>(new Map())
  const [failure, setFailure] = useState<ParseKeys | null>(null)
  // The lines a 409 OUT_OF_STOCK named, with what is left of each (issue 19).
  const [short, setShort] = useState<OutOfStockLine[]>([])
  const [fieldToFocus, setFieldToFocus] = useState<CustomerField | null>(null)
  // The key of an attempt that may have left an order on the server: sent again with the
  // same cart and details, so the server answers with that order instead of a second one.
  const [openAttempt, setOpenAttempt] = useState<{ key: string; body: string } | null>(null)
  const isSubmitting = sale.isPending

  // A server-rejected field is focused once the form is enabled again.
  useEffect(() => {
    if (!isSubmitting && fieldToFocus) setFocus(fieldToFocus)
  }, [isSubmitting, fieldToFocus, setFocus])

  const handleError = (error: unknown, customer: CheckoutCustomer) => {
    if (!canRepeatWithSameKey(error)) setOpenAttempt(null)
    if (couponRefusalOf(error)) {
      // Used up meanwhile, or already by this e-mail: the field says why, the totals drop the discount.
      coupon.recheck(customer.email)
      setFailure('checkout.coupon.refusedAtCheckout')
      return
    }
    const current = priceChangeOf(error)
    if (current) {
      setChanged(changedPricesOf(lines, current))
      applyPrices(current.orderItems)
      return
    }
    const outOfStock = outOfStockOf(error)
    if (outOfStock) {
      setShort(outOfStock)
      return
    }
    const deliveryRefusal = deliveryRefusalOf(error)
    if (deliveryRefusal) onDeliveryRefused(deliveryRefusal)
    const firstField = applyServerFieldErrors(error, setError)
    if (deliveryRefusal && !firstField) return
    if (!firstField) {
      setFailure(submitErrorKey(error))
      return
    }
    setFailure('checkout.invalidFields')
    setFieldToFocus(firstField)
  }

  const placeOrder = (...[customer, totalPrice, deliveryMethodId, isTicked]: PlaceOrderArgs) => {
    const request = toRequest(lines, totalPrice, customer, coupon.applied?.code, deliveryMethodId, isTicked)
    setFailure(null)
    setShort([])
    setFieldToFocus(null)
    setChanged(new Map())
    const body = JSON.stringify(request)
    // The same request again: the order it made, while that order's page still takes payments.
    const idempotencyKey =
      openAttempt?.body === body ? openAttempt.key : (openOrderKey(body) ?? newIdempotencyKey())
    setOpenAttempt({ key: idempotencyKey, body })
    sale.mutate(
      { request, idempotencyKey },
      {
        onSuccess: (response) => {
          setOpenAttempt(null)
          if (!isPaymentUrl(response.paymentLink)) {
            setFailure('invalidPaymentUrl')
            return
          }
          openPayment(response, { key: idempotencyKey, body }, navigate)
        },
        onError: (error) => handleError(error, customer),
      },
    )
  }

  return {
    placeOrder,
    changed,
    failure,
    short,
    isSubmitting,
    isRetrying: isSubmitting && sale.failureCount > 0,
  }
}

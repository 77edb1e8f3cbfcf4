import { deliveryLabel, toShekels, type GenerateSaleResponse } from '@tavlin/contracts'
import { PaymentProviderError } from '../payments/index.js'
import { providerError, type OrdersDeps } from './orders.deps.js'
import { giveUpUnpaid } from './order-stock.step.js'
import { formatOrderNumber } from './orders.mapper.js'
import type { OrderRow, OrderWithItems } from './orders.repository.js'

/**
 * Step 4: asks the provider for the order's payment page and stores it; the caller holds
 * the order's page claim. Built from the stored order and its line snapshots, so a retry
 * or the recovery job asks for exactly what the first request would have.
 */
export async function openPaymentPage(deps: OrdersDeps, order: OrderWithItems): Promise<OrderRow | null> {
  const { config } = deps
  const { customer } = order
  const options = await deps.paymentOptions()
  // Catalogue prices include VAT; a shop whose rate is 0 (an exempt dealer) charges none.
  const vat = Number(order.vatRate) === 0 ? 'exempt' : 'included'
  const page = await deps.provider.createPaymentPage({
    orderId: order.id,
    orderNumber: formatOrderNumber(order.number),
    items: order.items.map((line) => ({
      name: line.itemType === 'Product' ? `${line.name} (${line.size})` : line.name,
      quantity: line.quantity,
      unitPriceAgorot: line.unitPriceAgorot,
      vat,
    })),
    vat,
    shippingAgorot: order.shippingAgorot,
    shippingName: order.delivery ? deliveryLabel(order.delivery) : undefined,
    discount:
      order.discountAgorot > 0
        ? {
            name: order.couponCode ? `הנחה (קופון ${order.couponCode})` : 'הנחה',
            agorot: order.discountAgorot,
          }
        : null,
    customer: {
      name: `${customer.firstName} ${customer.lastName}`,
      email: customer.email,
      phone: customer.phone,
      address: streetLine(customer.address),
      city: customer.address.city,
      postalCode: customer.address.postal_code,
    },
    urls: returnUrls(config.publicUrl, order),
    expiryMinutes: config.orderPaymentTimeoutMinutes,
    methods: options.methods,
    maxInstallments: options.maxInstallments,
  })
  // A slower claimant may have stored a page first: everyone hands out the stored one.
  return deps.repository.setPaymentPage(order.id, page, config.orderPaymentTimeoutMinutes)
}

/** A checkout request's payment page: a provider failure fails the order (decision 051). */
export async function openPageForRequest(
  deps: OrdersDeps,
  order: OrderWithItems,
): Promise<GenerateSaleResponse> {
  let stored: OrderRow | null
  try {
    stored = await openPaymentPage(deps, order)
  } catch (error) {
    const failed = await giveUpUnpaid(
      deps,
      order.id,
      'failed',
      `payment page: ${(error as Error).message}`.slice(0, 500),
    )
    if (!failed) {
      // A retry took over while this request waited, and stored a page: that one is the answer.
      const current = await deps.repository.findById(order.id)
      if (current?.paymentLink) return saleResponse(current)
    }
    deps.log.error({ err: error, orderId: order.id }, 'payment provider could not create a payment page')
    if (error instanceof PaymentProviderError) throw providerError()
    throw error
  }
  if (stored?.paymentLink) return saleResponse(stored)
  throw providerError()
}

/** What checkout answers: where to pay, and the order the status page follows. */
export function saleResponse(order: OrderRow): GenerateSaleResponse {
  return {
    paymentLink: order.paymentLink!,
    order: {
      _id: order.id,
      number: formatOrderNumber(order.number),
      totalPrice: toShekels(order.totalAgorot),
      statusToken: order.statusToken,
    },
    payableUntil: order.payableUntil?.toISOString() ?? null,
  }
}

/** "הרצל 12, כניסה ב, קומה 3, דירה 7": the street line with the details the customer gave. */
function streetLine(address: OrderRow['customer']['address']): string {
  return [
    `${address.street} ${address.streetNum}`,
    address.entrance ? `כניסה ${address.entrance}` : '',
    address.floor ? `קומה ${address.floor}` : '',
    address.apartment ? `דירה ${address.apartment}` : '',
  ]
    .filter(Boolean)
    .join(', ')
}

/**
 * Where PayPlus sends the shopper back, by GET or POST (payplus.md §1.6): each carries the
 * order and its status token, so an empty return is still the order's own, and the shop
 * can look it up (issue 32).
 */
export function returnUrls(publicUrl: string, order: Pick<OrderRow, 'id' | 'statusToken'>) {
  const ours = new URLSearchParams({ order: order.id, token: order.statusToken })
  return {
    success: `${publicUrl}/thank-you?${ours.toString()}`,
    failure: `${publicUrl}/checkout/payment-pending?${ours.toString()}&failed=1`,
    callback: `${publicUrl}/api/payments/payplus/callback`,
  }
}

/** Until when the order's page takes payments: stored with the page, or its creation plus the window. */
export function payableUntil(
  order: Pick<OrderRow, 'payableUntil' | 'createdAt'>,
  windowMinutes: number,
): Date {
  return order.payableUntil ?? new Date(order.createdAt.getTime() + windowMinutes * 60_000)
}

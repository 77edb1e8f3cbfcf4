import {
  deliveryLabel,
  deliveryWindow,
  formatDeliveryWindow,
  lineSizeName,
  lineTotalAgorot,
  toShekels,
  type DeliveryDays,
  type OrderDelivery,
} from '@tavlin/contracts'
import type { OrderMailView, OrderUpdateView } from '../mail/index.js'
import { formatOrderNumber, orderDeliveryDays } from './orders.mapper.js'
import type { OrderRow, OrderWithItems } from './orders.repository.js'

/** What the order's mails show of it (issue 41): built from the committed order. */

/** The order's own page, its status behind its token: the button of every shopper's mail. */
export function orderPageUrl(publicUrl: string, order: Pick<OrderRow, 'id' | 'statusToken'>): string {
  const query = new URLSearchParams({ order: order.id, token: order.statusToken })
  return `${publicUrl}/checkout/payment-pending?${query.toString()}`
}

export function toMailView(
  order: OrderWithItems,
  deliveryDays: DeliveryDays,
  publicUrl: string,
  images: ReadonlyMap<string, string> = new Map(),
): OrderMailView {
  const { address } = order.customer
  return {
    orderId: order.id,
    number: formatOrderNumber(order.number),
    customerName: `${order.customer.firstName} ${order.customer.lastName}`,
    customerEmail: order.customer.email,
    isCustomerErased: order.personalDataErasedAt !== null,
    phone: order.customer.phone,
    address: [`${address.street} ${address.streetNum}`, address.city, address.postal_code]
      .filter(Boolean)
      .join(', '),
    addressDetails: { entrance: address.entrance, floor: address.floor, apartment: address.apartment },
    notes: order.customer.notes ?? null,
    lines: order.items.map((item) => ({
      name: item.name,
      size: lineSizeName(item.size),
      quantity: item.quantity,
      unitPrice: toShekels(item.unitPriceAgorot),
      lineTotal: toShekels(lineTotalAgorot(item)),
      image: mailImage(images.get(item.itemId), publicUrl),
    })),
    subtotal: toShekels(order.subtotalAgorot),
    discount: toShekels(order.discountAgorot),
    couponCode: order.couponCode,
    shippingFee: toShekels(order.shippingAgorot),
    ...(order.delivery ? { delivery: mailDelivery(order.delivery) } : {}),
    vat: toShekels(order.vatAgorot),
    total: toShekels(order.totalAgorot),
    deliveryEstimate: formatDeliveryWindow(
      deliveryWindow(order.createdAt, orderDeliveryDays(order, deliveryDays)),
    ),
    documentUrl: order.documentUrl,
    orderUrl: orderPageUrl(publicUrl, order),
  }
}

/** The order as the mails of its later steps show it. */
export function toUpdateView(
  order: OrderWithItems,
  publicUrl: string,
  images: ReadonlyMap<string, string> = new Map(),
): OrderUpdateView {
  return {
    orderId: order.id,
    number: formatOrderNumber(order.number),
    customerName: `${order.customer.firstName} ${order.customer.lastName}`,
    customerEmail: order.customer.email,
    isCustomerErased: order.personalDataErasedAt !== null,
    orderUrl: orderPageUrl(publicUrl, order),
    lines: order.items.map((item) => ({
      name: item.name,
      size: lineSizeName(item.size),
      quantity: item.quantity,
      image: mailImage(images.get(item.itemId), publicUrl),
    })),
  }
}

/**
 * An item's picture at an e-mail size: the image pipeline's 320 px width of its stored 640 one
 * (decision 260), as an absolute address; null without one.
 */
export function mailImage(image: string | undefined, publicUrl: string): string | null {
  if (!image) return null
  const small = image.replace(/-640\.webp$/, '-320.webp')
  return small.startsWith('/') ? `${publicUrl}${small}` : small
}

/** The last four digits of the card that paid, for the refund mails; null when unknown. */
export function cardDigitsOf(order: Pick<OrderRow, 'payment'>): string | null {
  const digits = order.payment?.fourDigits ?? ''
  return /^\d{4}$/.test(digits) ? digits : null
}

/** The delivery address in one line, as the shipped mail says it. */
export function addressLine(order: Pick<OrderRow, 'customer'>): string {
  const { address } = order.customer
  return [`${address.street} ${address.streetNum}`, address.city].filter(Boolean).join(', ')
}

function mailDelivery(delivery: OrderDelivery): NonNullable<OrderMailView['delivery']> {
  const isPickup = delivery.kind === 'pickup'
  return {
    label: deliveryLabel(delivery),
    pickup: isPickup
      ? { address: delivery.pickupAddress ?? '', openingHours: delivery.openingHours ?? '' }
      : null,
  }
}

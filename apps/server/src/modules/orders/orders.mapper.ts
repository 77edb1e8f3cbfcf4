import {
  lineTotalAgorot,
  toShekels,
  type AccountOrder,
  type AdminOrder,
  type DeliveryDays,
  type OrderLine,
  type OrderStatus,
  type ThankYou,
} from '@tavlin/contracts'
import type { OrderRow, OrderWithItems, StatusHistoryRow } from './orders.repository.js'
import { toOrderTracking } from './order-tracking.js'

export function formatOrderNumber(number: number): string {
  return `TV-${number}`
}

function lines(order: OrderWithItems): OrderLine[] {
  return order.items.map((item) => ({
    itemId: item.itemId,
    itemType: item.itemType,
    item: { name: item.name },
    size: item.size,
    quantity: item.quantity,
    price: toShekels(item.unitPriceAgorot),
    lineTotal: toShekels(lineTotalAgorot(item)),
  }))
}

function totals(order: OrderRow) {
  return {
    subtotal: toShekels(order.subtotalAgorot),
    discount: toShekels(order.discountAgorot),
    couponCode: order.couponCode,
    shippingFee: toShekels(order.shippingAgorot),
    delivery: order.delivery ?? null,
    vat: toShekels(order.vatAgorot),
    vatRate: Number(order.vatRate),
    totalPrice: toShekels(order.totalAgorot),
  }
}

export function toThankYou(order: OrderWithItems): ThankYou {
  const payment = order.payment
  return {
    _id: order.id,
    number: formatOrderNumber(order.number),
    orderStatus: order.status as OrderStatus,
    customer_email: order.customer.email,
    card_information: payment
      ? {
          card_holder_name: payment.cardHolderName,
          identification_number: payment.maskedIdNumber,
          brand_id: payment.brandId,
          brand_name: payment.brandName,
          four_digits: payment.fourDigits,
        }
      : null,
    orderItems: lines(order),
    ...totals(order),
    createdAt: order.createdAt.toISOString(),
    documentUrl: order.documentUrl,
  }
}

/** An order as its shopper sees it under "החשבון שלי" (decision 230): no card or review details. */
export function toAccountOrder(order: OrderWithItems): AccountOrder {
  return {
    _id: order.id,
    number: formatOrderNumber(order.number),
    orderStatus: order.status as OrderStatus,
    orderItems: lines(order),
    ...totals(order),
    createdAt: order.createdAt.toISOString(),
    documentUrl: order.documentUrl,
    tracking: toOrderTracking(order.tracking),
  }
}

/** `history` is given for a single order (GET /orders/:id); lists leave it out. */
export function toAdminOrder(order: OrderWithItems, history?: StatusHistoryRow[]): AdminOrder {
  const payment = order.payment
  return {
    _id: order.id,
    number: formatOrderNumber(order.number),
    customer: order.customer,
    erasedAt: order.personalDataErasedAt?.toISOString() ?? null,
    erasureRequestedAt: order.personalDataErasedAt ? null : (order.erasureRequestedAt?.toISOString() ?? null),
    orderItems: lines(order),
    orderStatus: order.status as OrderStatus,
    needsReview: order.needsReview,
    reviewReason: order.reviewReason,
    transactionUid: order.transactionUid,
    // From the provider's verified transaction; the ID number was masked before it was stored.
    payment: payment
      ? {
          cardHolderName: payment.cardHolderName || null,
          brandId: payment.brandId ?? null,
          brandName: payment.brandName || null,
          fourDigits: payment.fourDigits || null,
          identificationNumber: payment.maskedIdNumber || null,
        }
      : null,
    ...(history
      ? {
          statusHistory: history.map((entry) => ({
            status: entry.status as OrderStatus,
            at: entry.at.toISOString(),
            actorEmail: entry.actorEmail,
          })),
        }
      : {}),
    paidAt: order.paidAt?.toISOString() ?? null,
    tracking: toOrderTracking(order.tracking),
    ...totals(order),
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  }
}

/** The order's own delivery time, from its method; the shop's setting for orders from before methods. */
export function orderDeliveryDays(order: Pick<OrderRow, 'delivery'>, shopDays: DeliveryDays): DeliveryDays {
  return order.delivery ? { min: order.delivery.daysMin, max: order.delivery.daysMax } : shopDays
}

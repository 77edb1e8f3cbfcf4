import crypto from 'node:crypto'
import type { OrderStatus, OrderStatusResponse, ThankYou } from '@tavlin/contracts'
import { notFound } from '../../lib/errors.js'
import { lookUpTransaction, type OrdersDeps } from './orders.deps.js'
import { formatOrderNumber, toThankYou } from './orders.mapper.js'
import { payableUntil } from './open-payment.step.js'
import { toOrderTracking } from './order-tracking.js'
import type { OrderRow } from './orders.repository.js'
import { checkWithProvider, settlePayment } from './settle-payment.step.js'

/** The pending page polls; the provider is asked about one order at most this often. */
const PROVIDER_CHECK_INTERVAL_MS = 10_000

/** The customer's view of an unpaid order, behind its status token. */
export async function getStatus(deps: OrdersDeps, id: string, token: string): Promise<OrderStatusResponse> {
  const { repository } = deps
  let order = await repository.findById(id)
  if (!order || !safeEqual(order.statusToken, token)) throw notFound('Order')
  const checkedRecently =
    order.providerCheckedAt && Date.now() - order.providerCheckedAt.getTime() < PROVIDER_CHECK_INTERVAL_MS
  // Covers a lost callback and an empty success redirect: ask the provider by the page we stored.
  if (order.status === 'pending_payment' && order.pageRequestUid && !order.needsReview && !checkedRecently) {
    try {
      if (await checkWithProvider(deps, order)) order = (await repository.findById(id)) ?? order
    } catch (error) {
      deps.log.warn({ err: error, orderId: id }, 'status: provider look-up failed')
    }
  }
  const isOpen = order.status === 'pending_payment'
  return {
    _id: order.id,
    orderStatus: order.status as OrderStatus,
    number: formatOrderNumber(order.number),
    paymentLink: isOpen ? order.paymentLink : null,
    payableUntil: isOpen ? payableUntil(order, deps.config.orderPaymentTimeoutMinutes).toISOString() : null,
    isDeclined: isOpen && (order.failureReason?.startsWith('declined') ?? false),
    tracking: toOrderTracking(order.tracking),
  }
}

/** The thank-you page, shown only to whoever holds the order's transaction. */
export async function getThankYou(
  deps: OrdersDeps,
  orderId: string,
  transactionUid: string,
): Promise<ThankYou> {
  const { repository } = deps
  const order = await repository.findById(orderId)
  if (!order) throw notFound('Order')
  if (paidBy(order, transactionUid)) return toThankYou(order)
  if (order.transactionUid) throw notFound('Order')
  // The callback has not arrived (or was lost): the provider is asked directly.
  const transaction = await lookUpTransaction(deps, { transactionUid })
  if (!transaction || transaction.orderId !== order.id) throw notFound('Order')
  await settlePayment(deps, order, transaction)
  const updated = (await repository.findById(orderId))!
  if (!paidBy(updated, transactionUid) && transaction.approved) throw notFound('Order')
  return toThankYou(updated)
}

/** The transaction paid the order: its charge, or a part of its split payment. */
function paidBy(order: OrderRow, transactionUid: string): boolean {
  return (
    order.transactionUid === transactionUid ||
    (order.charges ?? []).some((charge) => charge.transactionUid === transactionUid)
  )
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && crypto.timingSafeEqual(left, right)
}

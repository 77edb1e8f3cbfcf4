import {
  assessCancellation,
  cancellationFeeAgorot,
  priceLines,
  toShekels,
  type CancellationAssessment,
  type OrderRefunds,
  type OrderStatus,
} from '@tavlin/contracts'
import { notFound } from '../../lib/errors.js'
import type { Actor } from '../audit/index.js'
import type { CatalogPerishable } from '../catalog/index.js'
import { cardDigitsOf } from './order-mail-views.js'
import type { OrderWithItems } from './orders.repository.js'
import { tellShopper } from './tell-progress.step.js'
import type { RefundRow, RefundsRepository } from './refunds.repository.js'
import {
  REFUNDABLE,
  refundPayment,
  type RefundCommand,
  type RefundPaymentDeps,
} from './refund-payment.step.js'

export type { RefundCommand } from './refund-payment.step.js'

type RefundDeps = RefundPaymentDeps & { perishable: CatalogPerishable }

/** The owner's word on a cancellation notice; amounts in shekels. */
export type CancellationDecision = { cancellationId: string } & (
  | { approved: true; refund: number; fee: number }
  | { approved: false; refusal: 'status' | 'window' | 'perishable' | null }
)

/**
 * Refunds through the payment provider (issue 18): full or partial, never more than is
 * left, the order's status, history and the audit log changed only after the provider
 * said yes (refund-payment.step.ts); what the law allows for a cancellation.
 */
export function createOrderRefunds(deps: RefundDeps) {
  return {
    async summary(orderId: string): Promise<OrderRefunds> {
      const order = await deps.orders.findById(orderId)
      if (!order) throw notFound('Order')
      return summaryOf(deps.refunds, order)
    },
    async refund(orderId: string, command: RefundCommand, actor?: Actor): Promise<OrderRefunds> {
      return summaryOf(deps.refunds, await refundPayment(deps, orderId, command, actor))
    },

    /** What the law allows for cancelling this order now (israel-law.md §2–3). */
    assess: (order: OrderWithItems, isDefect: boolean, now = new Date()): Promise<CancellationAssessment> =>
      assessOrder(deps, order, isDefect, now),

    /** An order by id, for a cancellation confirmed by e-mail later (decision 238). */
    findOrder: (orderId: string): Promise<OrderWithItems | null> => deps.orders.findById(orderId),

    /** Tells the shopper how the owner decided a cancellation notice (issue 41). */
    async tellCancellation(orderId: string, decision: CancellationDecision): Promise<void> {
      const order = await deps.orders.findById(orderId)
      if (!order) return
      await tellShopper(
        deps,
        order,
        decision.approved
          ? {
              step: 'cancellation-approved',
              cancellationId: decision.cancellationId,
              refund: decision.refund,
              fee: decision.fee,
              cardDigits: cardDigitsOf(order),
            }
          : {
              step: 'cancellation-refused',
              cancellationId: decision.cancellationId,
              refusal: decision.refusal,
            },
      )
    },

    /** The order whose number and e-mail or phone match; null for any mismatch. */
    findByNumberAndContact: (orderNumber: string, contact: string): Promise<OrderWithItems | null> =>
      findByNumberAndContact(deps, orderNumber, contact),
  }
}
export type OrderRefundsService = ReturnType<typeof createOrderRefunds>

async function summaryOf(
  refunds: RefundsRepository,
  order: OrderWithItems,
  rows?: RefundRow[],
): Promise<OrderRefunds> {
  const list = rows ?? (await refunds.findRefunds(order.id))
  const { subtotalAgorot: refundedAgorot } = priceLines(
    list.map((row) => ({ unitPriceAgorot: row.amountAgorot, quantity: 1 })),
  )
  const refundableAgorot = REFUNDABLE.includes(order.status as OrderStatus)
    ? order.totalAgorot - refundedAgorot
    : 0
  return {
    orderStatus: order.status as OrderStatus,
    documentUrl: order.documentUrl,
    refunded: toShekels(refundedAgorot),
    refundable: toShekels(refundableAgorot),
    suggestedFee: toShekels(cancellationFeeAgorot(refundableAgorot, { isDefect: false })),
    refunds: list.map((row) => ({
      amount: toShekels(row.amountAgorot),
      fee: toShekels(row.feeAgorot),
      actorEmail: row.actorEmail,
      documentUrl: row.documentUrl,
      at: row.createdAt.toISOString(),
    })),
  }
}

async function assessOrder(
  deps: RefundDeps,
  order: OrderWithItems,
  isDefect: boolean,
  now: Date,
): Promise<CancellationAssessment> {
  const productIds = order.items.filter((item) => item.itemType === 'Product').map((item) => item.itemId)
  const [perishable, deliveredAt] = await Promise.all([
    deps.perishable.findPerishable(productIds),
    deps.refunds.deliveredAt(order.id),
  ])
  return assessCancellation({
    status: order.status as OrderStatus,
    lines: order.items.map((item) => ({ ...item, isPerishable: perishable.has(item.itemId) })),
    totalAgorot: order.totalAgorot,
    disclosedAt: order.paidAt ?? order.createdAt,
    deliveredAt,
    isDefect,
    now,
  })
}

async function findByNumberAndContact(
  deps: RefundDeps,
  orderNumber: string,
  contact: string,
): Promise<OrderWithItems | null> {
  const number = Number(orderNumber.replace(/^TV-?/i, ''))
  if (!Number.isSafeInteger(number)) return null
  const row = await deps.refunds.findByNumber(number)
  if (!row || !contactMatches(row.customer, contact)) return null
  return deps.orders.findById(row.id)
}

/** E-mail without regard to case; a phone by its digits, 05X… and +9725X… alike. */
function contactMatches(customer: { email: string; phone: string }, contact: string): boolean {
  const given = contact.trim()
  if (given.includes('@')) return given.toLowerCase() === customer.email.trim().toLowerCase()
  const digits = (value: string) => value.replace(/\D/g, '').replace(/^972/, '0')
  const wanted = digits(given)
  return wanted.length >= 9 && wanted === digits(customer.phone)
}

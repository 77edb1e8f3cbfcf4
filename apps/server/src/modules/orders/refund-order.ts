import {
  CANCELLABLE_STATUSES,
  assessCancellation,
  cancellationFeeAgorot,
  priceLines,
  toShekels,
  type CancellationAssessment,
  type OrderRefunds,
  type OrderStatus,
} from '@tavlin/contracts'
import { AppError, notFound } from '../../lib/errors.js'
import type { Logger } from '../../lib/logger.js'
import type { Actor, AuditService } from '../audit/index.js'
import type { UnitOfWork } from '../../db/unit-of-work.js'
import type { CatalogPerishable, CatalogStock } from '../catalog/index.js'
import { PaymentProviderError, type PaymentProvider } from '../payments/index.js'
import { stockLinesOf } from './order-stock.step.js'
import { formatOrderNumber } from './orders.mapper.js'
import type { OrderWithItems, OrdersRepository } from './orders.repository.js'
import type { RefundRow, RefundsRepository } from './refunds.repository.js'

/** Money was taken and some of it may still go back. */
const REFUNDABLE: readonly OrderStatus[] = [...CANCELLABLE_STATUSES, 'partially_refunded']

export type RefundCommand = {
  amountAgorot: number
  feeAgorot: number
  cancellationId?: string | null
  /** The goods came back: the order's units return to stock, once (decision 221). */
  restock?: boolean
}

type RefundDeps = {
  orders: OrdersRepository
  stock: CatalogStock
  unitOfWork: UnitOfWork
  refunds: RefundsRepository
  perishable: CatalogPerishable
  provider: PaymentProvider
  audit: AuditService
  log: Logger
}

/**
 * Refunds through the payment provider (issue 18): full or partial, never more than is
 * left, the order's status, history and the audit log changed only after the provider
 * said yes. A refusal leaves the order as it was and carries the provider's words.
 */
export function createOrderRefunds(deps: RefundDeps) {
  return {
    async summary(orderId: string): Promise<OrderRefunds> {
      const order = await deps.orders.findById(orderId)
      if (!order) throw notFound('Order')
      return summaryOf(deps.refunds, order)
    },
    refund: (orderId: string, command: RefundCommand, actor?: Actor): Promise<OrderRefunds> =>
      refundOrder(deps, orderId, command, actor),

    /** What the law allows for cancelling this order now (israel-law.md §2–3). */
    assess: (order: OrderWithItems, isDefect: boolean, now = new Date()): Promise<CancellationAssessment> =>
      assessOrder(deps, order, isDefect, now),

    /** An order by id, for a cancellation confirmed by e-mail later (decision 238). */
    findOrder: (orderId: string): Promise<OrderWithItems | null> => deps.orders.findById(orderId),

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

async function ask(deps: RefundDeps, order: OrderWithItems, amountAgorot: number) {
  try {
    return await deps.provider.refund({
      transactionUid: order.transactionUid!,
      amountAgorot,
      orderId: order.id,
    })
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error
    deps.log.warn({ err: error, orderId: order.id }, 'refund: provider unavailable')
    throw new AppError('PAYMENT_PROVIDER_ERROR', 'The payment provider is not available; please try again')
  }
}

async function refundOrder(
  deps: RefundDeps,
  orderId: string,
  command: RefundCommand,
  actor?: Actor,
): Promise<OrderRefunds> {
  const { orders, refunds } = deps
  const order = await orders.findById(orderId)
  if (!order) throw notFound('Order')
  const from = order.status as OrderStatus
  if (!REFUNDABLE.includes(from) || !order.transactionUid)
    throw new AppError('INVALID_STATUS_TRANSITION', `An order in ${from} cannot be refunded`, { from })
  const leftAgorot = order.totalAgorot - (await refunds.refundedAgorot(orderId))
  if (command.amountAgorot > leftAgorot)
    throw new AppError('VALIDATION_ERROR', 'The refund is more than is left of the payment', [
      { field: 'body.amount', message: 'refund.validation.tooMuch' },
    ])
  const answer = await ask(deps, order, command.amountAgorot)
  if (!answer.ok)
    throw new AppError('CONFLICT', `The payment provider refused the refund: ${answer.reason}`, {
      providerReason: answer.reason,
    })
  const to: OrderStatus = command.amountAgorot === leftAgorot ? 'refunded' : 'partially_refunded'
  const updated = await refunds.recordRefund(
    orderId,
    from,
    to,
    {
      amountAgorot: command.amountAgorot,
      feeAgorot: command.feeAgorot,
      transactionUid: answer.transactionUid,
      documentUrl: answer.documentUrl,
      cancellationId: command.cancellationId ?? null,
    },
    actor ?? null,
  )
  // The money went back: the record must say so even if the order moved meanwhile.
  if (!updated) deps.log.error({ orderId, refund: answer.transactionUid }, 'refund: order changed meanwhile')
  if (command.restock) await restock(deps, order, actor)
  await deps.audit.record(actor, {
    action: 'refund',
    entityType: 'order',
    entityId: orderId,
    summary: refundSummary(formatOrderNumber(order.number), from, to, command),
  })
  return summaryOf(refunds, (await orders.findById(orderId)) ?? order)
}

/** The goods came back: the order's units return to stock, unless they already did. */
async function restock(deps: RefundDeps, order: OrderWithItems, actor?: Actor) {
  await deps.unitOfWork.run(async (tx) => {
    if (!(await deps.orders.dropStockHold(order.id, tx))) return
    await deps.stock.release(tx, stockLinesOf(order.items), {
      reason: 'restocked',
      orderId: order.id,
      orderNumber: order.number,
      actor: actor ? (actor.email ?? actor.subject) : null,
    })
  })
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

/** `TV-1001: paid → refunded, 123.50 ₪ (fee 6.50 ₪)`: amount, fee and statuses in the audit log. */
function refundSummary(number: string, from: OrderStatus, to: OrderStatus, command: RefundCommand): string {
  const amount = toShekels(command.amountAgorot).toFixed(2)
  const fee = toShekels(command.feeAgorot).toFixed(2)
  return `${number}: ${from} → ${to}, ${amount} ₪ (fee ${fee} ₪)`
}

/** E-mail without regard to case; a phone by its digits, 05X… and +9725X… alike. */
function contactMatches(customer: { email: string; phone: string }, contact: string): boolean {
  const given = contact.trim()
  if (given.includes('@')) return given.toLowerCase() === customer.email.trim().toLowerCase()
  const digits = (value: string) => value.replace(/\D/g, '').replace(/^972/, '0')
  const wanted = digits(given)
  return wanted.length >= 9 && wanted === digits(customer.phone)
}

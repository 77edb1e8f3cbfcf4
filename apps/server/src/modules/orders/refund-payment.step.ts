import crypto from 'node:crypto'
import {
  CANCELLABLE_STATUSES,
  cancellationFeeAgorot,
  formatReviewReason,
  toShekels,
  type OrderStatus,
} from '@tavlin/contracts'
import { AppError, notFound } from '../../lib/errors.js'
import type { Logger } from '../../lib/logger.js'
import type { Actor, AuditService } from '../audit/index.js'
import type { UnitOfWork } from '../../db/unit-of-work.js'
import type { CatalogStock } from '../catalog/index.js'
import type { MailService } from '../mail/index.js'
import {
  PaymentProviderError,
  type PaymentProvider,
  type ProviderTransaction,
  type RefundResult,
} from '../payments/index.js'
import { stockLinesOf } from './order-stock.step.js'
import { cardDigitsOf } from './order-mail-views.js'
import { formatOrderNumber } from './orders.mapper.js'
import { tellShopper } from './tell-progress.step.js'
import type { OrderWithItems, OrdersRepository } from './orders.repository.js'
import type { RefundsRepository } from './refunds.repository.js'

/** Money was taken and some of it may still go back. */
export const REFUNDABLE: readonly OrderStatus[] = [...CANCELLABLE_STATUSES, 'partially_refunded']

/**
 * How long a refund holds its order: longer than the provider's slowest answer (two calls
 * of at most 30 s), short enough that a crash midway does not lock the order for long.
 */
const REFUND_CLAIM_SECONDS = 120

export type RefundCommand = {
  amountAgorot: number
  feeAgorot: number
  cancellationId?: string | null
  /** The goods came back: the order's units return to stock, once (decision 221). */
  restock?: boolean
}

export type RefundPaymentDeps = {
  /** Tells the shopper of the refund (issue 41); the order's mails link to the storefront. */
  mail: Pick<MailService, 'enqueueOrderUpdate'>
  publicUrl: string
  images?: (ids: string[]) => Promise<ReadonlyMap<string, string>>
  orders: OrdersRepository
  stock: CatalogStock
  unitOfWork: UnitOfWork
  refunds: RefundsRepository
  provider: PaymentProvider
  audit: AuditService
  log: Logger
}

/**
 * One refund through the payment provider (issue 18, issue 32): one at a time per order,
 * checked against the provider's own ledger before it is sent, sent with a reference of its
 * own, and recorded only once the provider said yes. A refusal leaves the order as it was
 * and carries the provider's words.
 */
export async function refundPayment(
  deps: RefundPaymentDeps,
  orderId: string,
  command: RefundCommand,
  actor?: Actor,
): Promise<OrderWithItems> {
  checkRefundable(await deps.orders.findById(orderId))
  if (!(await deps.refunds.claimRefund(orderId, REFUND_CLAIM_SECONDS)))
    throw new AppError('REFUND_IN_PROGRESS', 'Another refund of this order is under way')
  try {
    // Read again under the claim: a refund that ended a moment ago moved the order's status,
    // and a record written from the old one would be refused, the money gone unrecorded.
    const order = checkRefundable(await deps.orders.findById(orderId))
    checkFee(order, command)
    return await refundClaimed(deps, order, command, actor)
  } finally {
    await deps.refunds.releaseRefund(orderId)
  }
}

function checkRefundable(order: OrderWithItems | null): OrderWithItems {
  if (!order) throw notFound('Order')
  const from = order.status as OrderStatus
  if (!REFUNDABLE.includes(from) || !order.transactionUid)
    throw new AppError('INVALID_STATUS_TRANSITION', `An order in ${from} cannot be refunded`, { from })
  return order
}

/**
 * The law's cancellation fee: 5 % of the price or ₪100, whichever is lower
 * (israel-law.md §2), and never more than the money going back with it.
 */
function checkFee(order: OrderWithItems, command: RefundCommand) {
  const fieldError = (message: string) =>
    new AppError('VALIDATION_ERROR', 'The cancellation fee is more than is allowed', [
      { field: 'body.fee', message },
    ])
  if (command.feeAgorot > cancellationFeeAgorot(order.totalAgorot, { isDefect: false }))
    throw fieldError('refund.validation.feeOverLaw')
  if (command.feeAgorot > command.amountAgorot) throw fieldError('refund.validation.feeOverRefund')
}

async function refundClaimed(
  deps: RefundPaymentDeps,
  order: OrderWithItems,
  command: RefundCommand,
  actor?: Actor,
): Promise<OrderWithItems> {
  const from = order.status as OrderStatus
  const shopRefunded = await deps.refunds.refundedAgorot(order.id)
  const leftAgorot = order.totalAgorot - shopRefunded
  if (command.amountAgorot > leftAgorot)
    throw new AppError('VALIDATION_ERROR', 'The refund is more than is left of the payment', [
      { field: 'body.amount', message: 'refund.validation.tooMuch' },
    ])
  await checkLedger(deps, order, shopRefunded)
  const reference = crypto.randomUUID()
  const answer = await send(deps, order, command.amountAgorot, reference)
  if (!answer.ok)
    throw new AppError('CONFLICT', `The payment provider refused the refund: ${answer.reason}`, {
      providerReason: answer.reason,
    })
  const to: OrderStatus = command.amountAgorot === leftAgorot ? 'refunded' : 'partially_refunded'
  const refund = {
    id: reference,
    amountAgorot: command.amountAgorot,
    feeAgorot: command.feeAgorot,
    transactionUid: answer.transactionUid,
    documentUrl: answer.documentUrl,
    cancellationId: command.cancellationId ?? null,
  }
  // Any status money can still go back from: an order moved along meanwhile (paid → preparing)
  // must not leave a refund made unrecorded.
  const updated = await deps.refunds.recordRefund(order.id, REFUNDABLE, to, refund, actor ?? null)
  // The money went back: the record must say so even if the order moved meanwhile.
  if (!updated)
    deps.log.error({ orderId: order.id, refund: answer.transactionUid }, 'refund: order changed meanwhile')
  if (command.restock) await restock(deps, order, actor)
  await deps.audit.record(actor, {
    action: 'refund',
    entityType: 'order',
    entityId: order.id,
    summary: refundSummary(formatOrderNumber(order.number), from, to, command),
  })
  // A cancellation's refund is told in its approval, with the fee the law allowed.
  if (!command.cancellationId)
    await tellShopper(deps, order, {
      step: 'refund-issued',
      refundId: reference,
      amount: toShekels(command.amountAgorot),
      cardDigits: cardDigitsOf(order),
    })
  return (await deps.orders.findById(order.id)) ?? order
}

/**
 * The provider's refunds of the charge must be the shop's: a refund made in PayPlus's own
 * dashboard, or one the shop sent and never heard back from, would otherwise be paid again.
 */
async function checkLedger(deps: RefundPaymentDeps, order: OrderWithItems, shopRefunded: number) {
  const charge = await lookUp(deps, order)
  const providerRefunded = refundedAt(charge)
  if (providerRefunded === shopRefunded) return
  const reason = {
    code: 'refundLedger' as const,
    shop: toShekels(shopRefunded).toFixed(2),
    provider: toShekels(providerRefunded).toFixed(2),
  }
  await deps.orders.flagForReview(order.id, formatReviewReason(reason))
  deps.log.warn({ orderId: order.id, ...reason }, 'refund: the provider’s refunds differ from the shop’s')
  throw new AppError('CONFLICT', 'The provider’s refunds of this order differ from the shop’s record', {
    ledger: { shop: toShekels(shopRefunded), provider: toShekels(providerRefunded) },
  })
}

function refundedAt(charge: ProviderTransaction | null): number {
  return (charge?.related ?? [])
    .filter((related) => related.kind === 'refund' && related.approved)
    .reduce((sum, related) => sum + related.amountAgorot, 0)
}

async function lookUp(deps: RefundPaymentDeps, order: OrderWithItems): Promise<ProviderTransaction | null> {
  try {
    return await deps.provider.lookUpTransaction({ transactionUid: order.transactionUid! })
  } catch (error) {
    throw providerUnavailable(deps, order, error)
  }
}

/**
 * Sends the refund. An answer lost on the way (a timeout) may hide a refund that was made:
 * the provider's records are read for this refund's reference before anyone may try again.
 */
async function send(
  deps: RefundPaymentDeps,
  order: OrderWithItems,
  amountAgorot: number,
  reference: string,
): Promise<RefundResult> {
  const request = { transactionUid: order.transactionUid!, amountAgorot, reference }
  try {
    return await deps.provider.refund(request)
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error
    const made = await findByReference(deps, order, reference).catch(() => undefined)
    if (made) return { ok: true, transactionUid: made, documentUrl: null }
    const reason = { code: 'refundUnconfirmed' as const, amount: toShekels(amountAgorot).toFixed(2) }
    await deps.orders.flagForReview(order.id, formatReviewReason(reason))
    throw providerUnavailable(deps, order, error)
  }
}

async function findByReference(deps: RefundPaymentDeps, order: OrderWithItems, reference: string) {
  const charge = await deps.provider.lookUpTransaction({ transactionUid: order.transactionUid! })
  return charge?.related.find((related) => related.kind === 'refund' && related.moreInfo === reference)
    ?.transactionUid
}

function providerUnavailable(deps: RefundPaymentDeps, order: OrderWithItems, error: unknown) {
  if (!(error instanceof PaymentProviderError)) return error
  deps.log.warn({ err: error, orderId: order.id }, 'refund: provider unavailable')
  return new AppError('PAYMENT_PROVIDER_ERROR', 'The payment provider is not available; please try again')
}

/** The goods came back: the order's units return to stock, unless they already did. */
async function restock(deps: RefundPaymentDeps, order: OrderWithItems, actor?: Actor) {
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

/** `TV-1001: paid → refunded, 123.50 ₪ (fee 6.50 ₪)`: amount, fee and statuses in the audit log. */
function refundSummary(number: string, from: OrderStatus, to: OrderStatus, command: RefundCommand): string {
  const amount = toShekels(command.amountAgorot).toFixed(2)
  const fee = toShekels(command.feeAgorot).toFixed(2)
  return `${number}: ${from} → ${to}, ${amount} ₪ (fee ${fee} ₪)`
}

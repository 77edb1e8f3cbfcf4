import { formatReviewReason, toShekels, type OrderStatus, type ReviewReason } from '@tavlin/contracts'
import type { Transaction } from '../../db/unit-of-work.js'
import type { CallbackOutcome, ProviderTransaction } from '../payments/index.js'
import { lookUpTransaction, type OrdersDeps } from './orders.deps.js'
import type { OrderCharge, OrderRow } from './orders.repository.js'
import { payableUntil } from './open-payment.step.js'
import { endUnpaid, retakeStock } from './order-stock.step.js'
import { tellCustomer } from './tell-customer.step.js'
import { tellPaymentFailed } from './tell-progress.step.js'

/** A verified payment is recorded even on an order that had given up waiting: the money was taken. */
const PAYABLE_STATUSES: readonly OrderStatus[] = ['pending_payment', 'failed', 'cancelled']

/**
 * Step 5: applies what the provider itself says about a transaction. Never called with
 * what a browser or an unverified callback claims. Anything that does not add up goes to
 * review for a person; nothing here guesses. `now` is the caller's clock (the jobs').
 */
export async function settlePayment(
  deps: OrdersDeps,
  order: OrderRow,
  transaction: ProviderTransaction,
  now = new Date(),
): Promise<CallbackOutcome> {
  const { repository, log } = deps
  // Not the transaction's id: with the order's it opens the thank-you page; the order keeps it.
  const ref = { orderId: order.id }
  // A refund, or a card check: money given back or none taken never settles an order.
  if (transaction.kind !== 'charge') return 'unchanged'
  if (transaction.orderId !== order.id) {
    const other = { transaction: transaction.transactionUid, order: transaction.orderId ?? '' }
    await repository.flagForReview(order.id, formatReviewReason({ code: 'otherOrder', ...other }))
    log.warn(ref, 'payment: transaction of another order')
    return 'review'
  }
  if (isCharged(order, transaction.transactionUid)) return 'unchanged'
  if (!transaction.approved) return settleDecline(deps, order, transaction, now)
  const charges = chargesOf(order, transaction)
  if (!charges || transaction.currency !== order.currency) {
    const reason = formatReviewReason({
      code: 'amountMismatch',
      paid: `${toShekels(transaction.amountAgorot)} ${transaction.currency}`,
      expected: `${toShekels(order.totalAgorot)} ${order.currency}`,
    })
    await repository.flagForReview(order.id, reason)
    log.warn(ref, 'payment: amount or currency differs')
    return 'review'
  }
  if (order.transactionUid) {
    const reason = formatReviewReason({ code: 'secondTransaction', transaction: transaction.transactionUid })
    await repository.flagForReview(order.id, reason)
    return 'review'
  }
  return recordPayment(deps, order, transaction, charges)
}

/**
 * A declined attempt ends the attempt, not the order, while its page can still be paid: the
 * shopper may try another card on the same page (payplus.md §1.9). An approved attempt the
 * look-up lists beside it wins; past the page's lifetime the decline ends the order.
 */
async function settleDecline(
  deps: OrdersDeps,
  order: OrderRow,
  transaction: ProviderTransaction,
  now: Date,
): Promise<CallbackOutcome> {
  const approved = transaction.related.find(
    (other) => other.kind === 'charge' && other.approved && other.moreInfo === order.id,
  )
  if (approved) {
    const found = await lookUpTransaction(deps, { transactionUid: approved.transactionUid })
    if (found?.approved) return settlePayment(deps, order, found, now)
  }
  if (now < payableUntil(order, deps.config.orderPaymentTimeoutMinutes)) {
    // Said on the pending page: the card was refused, the page still takes another.
    await deps.repository.noteDecline(order.id, `declined: status_code ${transaction.statusCode}`)
    await tellPaymentFailed(deps, order)
    return 'unchanged'
  }
  // A late failure cannot undo a payment: only an unpaid order can fail.
  const failed = await endUnpaid(deps, order.id, ['pending_payment'], 'failed', {
    failureReason: `declined: status_code ${transaction.statusCode}`,
  })
  return failed ? 'failed' : 'unchanged'
}

/** Whether the transaction already paid this order (its charge, or a part of its split payment). */
function isCharged(order: OrderRow, transactionUid: string): boolean {
  return (
    order.transactionUid === transactionUid ||
    (order.charges ?? []).some((charge) => charge.transactionUid === transactionUid)
  )
}

/**
 * The charges that pay the order's total: this transaction alone, or — a split payment, a
 * club card's credit and the card (payplus.md §1.9) — it with the approved charges of the
 * same order the look-up lists beside it. Null when they do not add up to the total.
 */
function chargesOf(order: OrderRow, transaction: ProviderTransaction): OrderCharge[] | null {
  const main = {
    transactionUid: transaction.transactionUid,
    amountAgorot: transaction.amountAgorot,
    method: transaction.method,
  }
  if (transaction.amountAgorot === order.totalAgorot) return [main]
  const parts = transaction.related
    .filter((other) => other.kind === 'charge' && other.approved && other.moreInfo === order.id)
    .filter((other) => other.transactionUid !== transaction.transactionUid)
    .map(({ transactionUid, amountAgorot, method }) => ({ transactionUid, amountAgorot, method }))
  const all = [...parts, main]
  const sum = all.reduce((total, charge) => total + charge.amountAgorot, 0)
  return parts.length > 0 && sum === order.totalAgorot ? all : null
}

/** The order paid and the customer told, in one unit of work; anything unusual flagged for review. */
async function recordPayment(
  deps: OrdersDeps,
  order: OrderRow,
  transaction: ProviderTransaction,
  charges: OrderCharge[],
): Promise<CallbackOutcome> {
  const { repository } = deps
  // Read before the transaction: embedded PGlite serialises everything behind an open one.
  const items = (await repository.findById(order.id))?.items ?? []
  const images = await deps.prices.findImages(items.map((item) => item.itemId))
  const paid = await deps.unitOfWork.run(async (tx) => {
    const payment = {
      transactionUid: transaction.transactionUid,
      details: cardOf(order, transaction),
      charges,
    }
    const row = await repository.markPaid(order.id, PAYABLE_STATUSES, payment, tx)
    if (!row) return null
    // A payment on an order that had given up takes its units again (or goes to review).
    if (order.status !== 'pending_payment') await retakeStock(deps, tx, row, items)
    await flagUnusual(deps, tx, order, row)
    await tellCustomer(deps, { ...row, items }, tx, images)
    return row
  })
  if (!paid) return 'unchanged'
  // The confirmation committed with the payment: out now, not at the outbox job's next round.
  deps.mail.deliverCommitted()
  // The order id alone: with the transaction's id it would open the thank-you page (issue 33).
  deps.log.info({ orderId: order.id }, 'order paid')
  return 'paid'
}

/** An order erased while unpaid (decision 201) does not take the card holder's name back in. */
function cardOf(order: OrderRow, transaction: ProviderTransaction) {
  if (!transaction.card || order.personalDataErasedAt === null) return transaction.card
  return { ...transaction.card, cardHolderName: '***' }
}

/**
 * A payment is taken whatever else is wrong, and never silently (issue 32): a coupon used
 * past its limit or twice by one customer, or an order that had been cancelled or had
 * failed, is paid and set aside for the owner, with its reason in Hebrew in the admin area.
 */
async function flagUnusual(deps: OrdersDeps, tx: Transaction, before: OrderRow, paid: OrderRow) {
  let reason: ReviewReason | null = null
  if (before.couponId) {
    const use = { couponId: before.couponId, orderId: before.id, email: before.customer.email }
    const { code, result } = await deps.coupons.recheck(tx, use)
    if (result === 'over-limit') reason = { code: 'couponOverLimit', coupon: code }
    if (result === 'reused') reason = { code: 'couponReused', coupon: code }
  }
  if (!reason && before.status === 'cancelled') reason = { code: 'paidAfterCancel' }
  if (!reason && before.status === 'failed') reason = { code: 'paidAfterFail' }
  // A late payment whose units were sold meanwhile is flagged already: that matters most.
  if (!reason || (await deps.repository.isFlagged(paid.id, tx))) return
  await deps.repository.flagForReview(paid.id, formatReviewReason(reason), tx)
  deps.log.warn({ orderId: paid.id, reason: reason.code }, 'payment: paid and set aside for review')
}

/** Asks the provider about an order (by a transaction, or by the page stored) and settles what it says. */
export async function checkWithProvider(
  deps: OrdersDeps,
  order: OrderRow,
  ref: { transactionUid?: string } = {},
  now = new Date(),
): Promise<CallbackOutcome | null> {
  const transactionUid = ref.transactionUid
  if (!transactionUid && !order.pageRequestUid) return null
  await deps.repository.touchProviderCheck(order.id)
  const transaction = await deps.provider.lookUpTransaction(
    transactionUid ? { transactionUid } : { pageRequestUid: order.pageRequestUid! },
  )
  if (!transaction) return null
  return settlePayment(deps, order, transaction, now)
}

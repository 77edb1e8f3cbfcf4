import { formatReviewReason, toShekels, type OrderStatus } from '@tavlin/contracts'
import type { CallbackOutcome, ProviderTransaction } from '../payments/index.js'
import type { OrdersDeps } from './orders.deps.js'
import type { OrderRow } from './orders.repository.js'
import { endUnpaid, retakeStock } from './order-stock.step.js'
import { tellCustomer } from './tell-customer.step.js'

/** A verified payment is recorded even on an order that had given up waiting: the money was taken. */
const PAYABLE_STATUSES: readonly OrderStatus[] = ['pending_payment', 'failed', 'cancelled']

/**
 * Step 5: applies what the provider itself says about a transaction. Never called with
 * what a browser or an unverified callback claims. Anything that does not add up goes to
 * review for a person; nothing here guesses.
 */
export async function settlePayment(
  deps: OrdersDeps,
  order: OrderRow,
  transaction: ProviderTransaction,
): Promise<CallbackOutcome> {
  const { repository, log } = deps
  // Not the transaction's id: with the order's it opens the thank-you page; the order keeps it.
  const ref = { orderId: order.id }
  if (transaction.orderId !== order.id) {
    const other = { transaction: transaction.transactionUid, order: transaction.orderId ?? '' }
    await repository.flagForReview(order.id, formatReviewReason({ code: 'otherOrder', ...other }))
    log.warn(ref, 'payment: transaction of another order')
    return 'review'
  }
  if (!transaction.approved) {
    // A late failure cannot undo a payment: only an unpaid order can fail.
    const failed = await endUnpaid(deps, order.id, ['pending_payment'], 'failed', {
      failureReason: `declined: status_code ${transaction.statusCode}`,
    })
    return failed ? 'failed' : 'unchanged'
  }
  if (transaction.amountAgorot !== order.totalAgorot || transaction.currency !== order.currency) {
    const reason = formatReviewReason({
      code: 'amountMismatch',
      paid: `${toShekels(transaction.amountAgorot)} ${transaction.currency}`,
      expected: `${toShekels(order.totalAgorot)} ${order.currency}`,
    })
    await repository.flagForReview(order.id, reason)
    log.warn(ref, 'payment: amount or currency differs')
    return 'review'
  }
  if (order.transactionUid === transaction.transactionUid) return 'unchanged'
  if (order.transactionUid) {
    const reason = formatReviewReason({ code: 'secondTransaction', transaction: transaction.transactionUid })
    await repository.flagForReview(order.id, reason)
    return 'review'
  }
  return recordPayment(deps, order, transaction)
}

/** The order paid and the customer told, in one unit of work. */
async function recordPayment(
  deps: OrdersDeps,
  order: OrderRow,
  transaction: ProviderTransaction,
): Promise<CallbackOutcome> {
  const { repository } = deps
  // Read before the transaction: embedded PGlite serialises everything behind an open one.
  const items = (await repository.findById(order.id))?.items ?? []
  const paid = await deps.unitOfWork.run(async (tx) => {
    const payment = { transactionUid: transaction.transactionUid, details: cardOf(order, transaction) }
    const row = await repository.markPaid(order.id, PAYABLE_STATUSES, payment, tx)
    if (!row) return null
    // A payment on an order that had given up takes its units again (or goes to review).
    if (order.status !== 'pending_payment') await retakeStock(deps, tx, row, items)
    await tellCustomer(deps, { ...row, items }, tx)
    return row
  })
  if (!paid) return 'unchanged'
  // The order id alone: with the transaction's id it would open the thank-you page (issue 33).
  deps.log.info({ orderId: order.id }, 'order paid')
  return 'paid'
}

/** An order erased while unpaid (decision 201) does not take the card holder's name back in. */
function cardOf(order: OrderRow, transaction: ProviderTransaction) {
  if (!transaction.card || order.personalDataErasedAt === null) return transaction.card
  return { ...transaction.card, cardHolderName: '***' }
}

/** Asks the provider about an order (by a transaction, or by the page stored) and settles what it says. */
export async function checkWithProvider(
  deps: OrdersDeps,
  order: OrderRow,
  ref: { transactionUid?: string } = {},
): Promise<CallbackOutcome | null> {
  const transactionUid = ref.transactionUid
  if (!transactionUid && !order.pageRequestUid) return null
  await deps.repository.touchProviderCheck(order.id)
  const transaction = await deps.provider.lookUpTransaction(
    transactionUid ? { transactionUid } : { pageRequestUid: order.pageRequestUid! },
  )
  if (!transaction) return null
  return settlePayment(deps, order, transaction)
}

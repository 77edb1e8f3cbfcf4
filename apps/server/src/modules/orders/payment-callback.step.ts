import { formatReviewReason } from '@tavlin/contracts'
import type { CallbackNotice, CallbackOutcome } from '../payments/index.js'
import { lookUpTransaction, type OrdersDeps } from './orders.deps.js'
import { settlePayment } from './settle-payment.step.js'

/**
 * A verified callback: confirmed with the provider's look-up before it changes anything.
 * A provider that cannot be reached leaves it unprocessed: the same callback delivered
 * again, or reconciliation, will do it.
 */
export async function handlePaymentCallback(
  deps: OrdersDeps,
  notice: CallbackNotice,
): Promise<CallbackOutcome> {
  const { repository } = deps
  // PayPlus calls back for its refunds too (payplus.md §1.9): the shop made them and has
  // recorded them; they never settle an order or replace its receipt.
  if (notice.kind === 'refund') {
    deps.log.info({ transactionUid: notice.transactionUid }, 'payment callback: a refund, nothing to do')
    return 'unchanged'
  }
  const order =
    (notice.orderId && isUuid(notice.orderId) ? await repository.findById(notice.orderId) : null) ??
    (notice.pageRequestUid ? await repository.findByPageRequestUid(notice.pageRequestUid) : null)
  if (!order) {
    deps.log.warn(
      { transactionUid: notice.transactionUid, orderId: notice.orderId },
      'payment callback for an unknown order',
    )
    return 'unknown-order'
  }
  const transaction = await lookUpTransaction(deps, { transactionUid: notice.transactionUid })
  if (!transaction) {
    await repository.flagForReview(
      order.id,
      formatReviewReason({ code: 'unknownTransaction', transaction: notice.transactionUid }),
    )
    return 'review'
  }
  return settlePayment(deps, order, transaction)
}

function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
}

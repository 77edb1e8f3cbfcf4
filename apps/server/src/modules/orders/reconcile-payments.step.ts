import type { CallbackOutcome } from '../payments/index.js'
import type { OrdersDeps } from './orders.deps.js'
import type { OrderRow } from './orders.repository.js'
import { openPaymentPage, payableUntil } from './open-payment.step.js'
import { endUnpaid, giveUpUnpaid, releaseLeftovers } from './order-stock.step.js'
import { checkWithProvider } from './settle-payment.step.js'
import { JOB_HOLDER } from '../../lib/job-holder.js'

/** Callbacks get this long before reconciliation asks the provider itself. */
const RECONCILE_GRACE_MS = 60_000
/** One order is asked about at most this often. */
const RECHECK_AFTER_MS = 30_000
/** Ended orders are looked at until this long after their page closed (the provider's clock may lag ours). */
const ENDED_PAGE_GRACE_MS = 15 * 60_000

export type ReconcileOutcome = {
  checked: number
  paid: number
  failed: number
  cancelled: number
  review: number
  errors: number
  pagesCompleted: number
  /** Ended orders whose units had not gone back yet (decision 221). */
  stockReleased?: number
}

/**
 * The background job: asks the provider about unpaid orders (a lost callback never
 * leaves a paid order unpaid), then cancels those unpaid past the timeout.
 */
export async function reconcilePayments(deps: OrdersDeps, now = new Date()) {
  return deps.unitOfWork.runExclusive(
    'reconcile-payments',
    { holder: JOB_HOLDER, leaseSeconds: 300 },
    async () => {
      const windowMinutes = deps.config.orderPaymentTimeoutMinutes
      const expiredBefore = now.getTime() - windowMinutes * 60_000
      const pages = await recoverPaymentPages(deps, expiredBefore)
      const outcome: ReconcileOutcome = {
        checked: 0,
        paid: 0,
        failed: 0,
        cancelled: pages.cancelled,
        review: 0,
        errors: pages.errors,
        pagesCompleted: pages.completed,
      }
      // An order the pending page (or the last run) asked about moments ago waits for the next run.
      const checkedBefore = new Date(now.getTime() - RECHECK_AFTER_MS)
      const candidates = await deps.repository.findPendingForReconciliation(
        new Date(now.getTime() - RECONCILE_GRACE_MS),
        checkedBefore,
        200,
      )
      for (const order of candidates) await reconcileOne(deps, order, now, outcome)
      // A decline (or an admin) may have ended an order whose page could still be paid.
      const since = new Date(now.getTime() - ENDED_PAGE_GRACE_MS)
      for (const order of await deps.repository.findEndedWithOpenPage(
        since,
        checkedBefore,
        windowMinutes,
        100,
      ))
        await reconcileOne(deps, order, now, outcome)
      outcome.stockReleased = await releaseLeftovers(deps)
      deps.log.info({ job: 'reconcile-payments', ...outcome }, 'reconciliation run')
      return outcome
    },
  )
}

async function reconcileOne(
  deps: OrdersDeps,
  order: OrderRow,
  now: Date,
  outcome: ReconcileOutcome,
): Promise<void> {
  outcome.checked += 1
  let result: CallbackOutcome | null = null
  try {
    result = await checkWithProvider(deps, order, {}, now)
  } catch (error) {
    outcome.errors += 1
    deps.log.warn({ err: error, orderId: order.id }, 'reconcile: provider look-up failed')
    return
  }
  if (result === 'paid') outcome.paid += 1
  else if (result === 'failed') outcome.failed += 1
  else if (result === 'review') outcome.review += 1
  // Its page closed with nothing paid on it: the order gives its units back.
  const isClosed = payableUntil(order, deps.config.orderPaymentTimeoutMinutes) <= now
  if (result === null && order.status === 'pending_payment' && isClosed) {
    const cancelled = await endUnpaid(deps, order.id, ['pending_payment'], 'cancelled', {
      failureReason: 'payment timeout',
    })
    if (cancelled) outcome.cancelled += 1
  }
}

/**
 * Orders a dead request left without a payment page: completed while a customer can
 * still pay (their retry then gets the link at once), cancelled past the payment timeout.
 */
async function recoverPaymentPages(deps: OrdersDeps, expiredBefore: number) {
  const { repository } = deps
  const outcome = { completed: 0, cancelled: 0, errors: 0 }
  for (const order of await repository.findWithoutPaymentPage(50)) {
    if (order.createdAt.getTime() < expiredBefore) {
      const cancelled = await giveUpUnpaid(deps, order.id, 'cancelled', 'payment timeout: no page')
      if (cancelled) outcome.cancelled += 1
      continue
    }
    const claimed = await repository.claimPaymentPage(order.id, deps.config.paymentPageClaimSeconds)
    if (!claimed) continue
    try {
      if ((await openPaymentPage(deps, claimed))?.paymentLink) outcome.completed += 1
    } catch (error) {
      // Not failed: nobody is waiting for an answer. The claim runs out and the next run tries again.
      outcome.errors += 1
      deps.log.warn({ err: error, orderId: order.id }, 'reconcile: payment page could not be created')
    }
  }
  return outcome
}

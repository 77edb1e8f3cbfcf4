import type { GenerateSaleResponse } from '@tavlin/contracts'
import { AppError } from '../../lib/errors.js'
import { providerError, type OrdersDeps } from './orders.deps.js'
import type { OrderRow } from './orders.repository.js'
import { openPageForRequest, saleResponse } from './open-payment.step.js'

const IDEMPOTENT_WAIT_MS = 5_000

/**
 * A repeated Idempotency-Key: the stored outcome, or the unfinished work of a request
 * that died between saving the order and storing its payment page (decision 120).
 */
export async function replayOrder(
  deps: OrdersDeps,
  existing: OrderRow,
  requestHash: string,
): Promise<GenerateSaleResponse> {
  if (existing.requestHash !== requestHash) {
    throw new AppError('CONFLICT', 'This Idempotency-Key was used for a different order')
  }
  const { repository, config } = deps
  let order = existing
  const deadline = Date.now() + IDEMPOTENT_WAIT_MS
  for (;;) {
    if (order.paymentLink) return saleResponse(order)
    // Failed at the provider, or cancelled by recovery before any page existed.
    if (order.status !== 'pending_payment') throw providerError()
    // Nobody holds the claim any more: the request that did died, so this one takes over.
    const claimed = await repository.claimPaymentPage(order.id, config.paymentPageClaimSeconds)
    if (claimed) return openPageForRequest(deps, claimed)
    // The first request may still be talking to the provider.
    if (Date.now() >= deadline) break
    await new Promise((resolve) => setTimeout(resolve, 100))
    order = (await repository.findById(order.id)) ?? order
  }
  throw orderInProgress(order, config.paymentPageClaimSeconds)
}

/** Retry when the current claimant's time is up at the latest, so a retry can take over. */
function orderInProgress(order: OrderRow, pageClaimSeconds: number): AppError {
  const left = order.pageClaimedUntil ? order.pageClaimedUntil.getTime() - Date.now() : 0
  const retryAfterSeconds = Math.min(Math.max(Math.ceil(left / 1000), 1), pageClaimSeconds)
  return new AppError(
    'ORDER_IN_PROGRESS',
    'The order for this Idempotency-Key is still being created; retry with the same key',
    { retryAfterSeconds },
    { 'retry-after': String(retryAfterSeconds) },
  )
}

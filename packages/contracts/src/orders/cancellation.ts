import { cancellationFeeAgorot, lineTotalAgorot } from '../common/money.js'
import type { OrderStatus } from './order-status.js'

/** Consumer Protection Law §14ג(ג): 14 days from delivery or from the written disclosure, whichever is later. */
export const CANCELLATION_WINDOW_DAYS = 14
const DAY_MS = 24 * 60 * 60 * 1000

/** Statuses in which money was taken and nothing was given back yet. */
export const CANCELLABLE_STATUSES: readonly OrderStatus[] = ['paid', 'preparing', 'shipped', 'delivered']
const SHIPPED: readonly OrderStatus[] = ['shipped', 'delivered']

export type CancellationLine = { unitPriceAgorot: number; quantity: number; isPerishable: boolean }

export type CancellationInput = {
  status: OrderStatus
  lines: readonly CancellationLine[]
  /** What the buyer paid: lines, shipping, less any discount. */
  totalAgorot: number
  /** When the order e-mail (the written disclosure of §14ג(ב)) went out: the payment time. */
  disclosedAt: Date
  /** When the order was marked delivered; null while it is on its way. */
  deliveredAt: Date | null
  isDefect: boolean
  now: Date
}

export type CancellationRefusal = 'status' | 'window' | 'perishable'

export type CancellationAssessment =
  | {
      isAllowed: true
      /** The price the fee is taken from: the whole total, or only the cancellable lines. */
      baseAgorot: number
      feeAgorot: number
      refundAgorot: number
      /** True when perishable lines that were shipped stay with the buyer. */
      isPartial: boolean
      deadline: Date | null
    }
  | { isAllowed: false; reason: CancellationRefusal; deadline: Date | null }

/** The last moment a cancellation notice counts; null while the goods are not delivered yet. */
export function cancellationDeadline(disclosedAt: Date, deliveredAt: Date | null): Date | null {
  if (!deliveredAt) return null
  const start = Math.max(disclosedAt.getTime(), deliveredAt.getTime())
  return new Date(start + CANCELLATION_WINDOW_DAYS * DAY_MS)
}

/**
 * What the law allows for cancelling an order (israel-law.md §2–3): within the window, the
 * fee of `cancellationFeeAgorot`, and perishable items kept out once they have shipped.
 */
export function assessCancellation(input: CancellationInput): CancellationAssessment {
  const deadline = cancellationDeadline(input.disclosedAt, input.deliveredAt)
  if (!CANCELLABLE_STATUSES.includes(input.status)) return { isAllowed: false, reason: 'status', deadline }
  if (deadline && input.now.getTime() > deadline.getTime())
    return { isAllowed: false, reason: 'window', deadline }
  const isShipped = SHIPPED.includes(input.status)
  const kept = isShipped ? input.lines.filter((line) => line.isPerishable) : []
  if (kept.length > 0 && kept.length === input.lines.length)
    return { isAllowed: false, reason: 'perishable', deadline }
  const isPartial = kept.length > 0
  // Shipping is not given back when part of the goods stay with the buyer.
  const baseAgorot = isPartial
    ? input.lines.filter((line) => !line.isPerishable).reduce((sum, line) => sum + lineTotalAgorot(line), 0)
    : input.totalAgorot
  const feeAgorot = cancellationFeeAgorot(baseAgorot, { isDefect: input.isDefect })
  return { isAllowed: true, baseAgorot, feeAgorot, refundAgorot: baseAgorot - feeAgorot, isPartial, deadline }
}

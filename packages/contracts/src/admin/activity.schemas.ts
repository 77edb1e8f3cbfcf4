import { z } from 'zod'
import { PAGE_SIZES } from '../common/page-sizes.js'
import { ORDER_STATUSES, type OrderStatus } from '../orders/order-status.js'

/** One administrator change, as recorded by the server's audit log (issue 6). */
export const ActivityEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  actorSubject: z.string(),
  actorEmail: z.string().nullable(),
  action: z.enum(['create', 'update', 'delete', 'status', 'refund', 'tracking', 'import']),
  entityType: z.enum([
    'product',
    'recipe',
    'package',
    'order',
    'settings',
    'page',
    'personal-data',
    'coupon',
    'delivery',
    'courier',
    'catalogue',
    'review',
  ]),
  entityId: z.string(),
  /** A short line: the item's name, or for a status change `statusChangeSummary(…)`. */
  summary: z.string(),
})
export type ActivityEntry = z.infer<typeof ActivityEntrySchema>

export const ActivityQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZES.max).default(PAGE_SIZES.admin),
  entityType: ActivityEntrySchema.shape.entityType.optional(),
  entityId: z.string().optional(),
})
export type ActivityQuery = z.infer<typeof ActivityQuerySchema>

/**
 * The summary of an order's status change, `TV-1001: paid → preparing`: written by the
 * server, read back by the admin area, which names the statuses in Hebrew.
 */
export function statusChangeSummary(orderNumber: string, from: OrderStatus, to: OrderStatus): string {
  return `${orderNumber}: ${from} → ${to}`
}

export function parseStatusChange(summary: string): {
  orderNumber: string
  from: OrderStatus
  to: OrderStatus
  refund?: { amount: string; fee: string }
} | null {
  // A refund's summary adds its amount and fee: `TV-1001: paid → refunded, 123.50 ₪ (fee 6.50 ₪)`.
  const match = /^(.+): (\w+) → (\w+)(?:, ([\d.,]+) ₪ \(fee ([\d.,]+) ₪\))?$/.exec(summary)
  if (!match) return null
  const [, orderNumber, from, to, amount, fee] = match
  const isStatus = (value: string | undefined): value is OrderStatus =>
    (ORDER_STATUSES as readonly string[]).includes(value ?? '')
  if (!orderNumber || !isStatus(from) || !isStatus(to)) return null
  return amount && fee ? { orderNumber, from, to, refund: { amount, fee } } : { orderNumber, from, to }
}

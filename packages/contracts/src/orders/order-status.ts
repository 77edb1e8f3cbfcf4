/** Order life cycle of DESIGN §5. */
export const ORDER_STATUSES = [
  'pending_payment',
  'paid',
  'preparing',
  'shipped',
  'delivered',
  'failed',
  'cancelled',
  'refunded',
  /** Part of the payment went back (a cancellation fee kept, or perishable lines kept). */
  'partially_refunded',
] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/**
 * Transitions an administrator may make (PATCH /api/orders/{id}). The payment
 * flow (callback, reconciliation) moves pending_payment → paid / failed /
 * cancelled itself; an administrator may also cancel an unpaid order.
 */
export const ORDER_STATUS_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending_payment: ['failed', 'cancelled'],
  // paid → refunded happens only through a refund (POST /api/orders/{id}/refunds): a status
  // change alone would say the money went back when none did (issue 32, decision 242).
  paid: ['preparing'],
  preparing: ['shipped'],
  shipped: ['delivered'],
  delivered: [],
  failed: [],
  cancelled: [],
  refunded: [],
  // Refunds move orders here through the refund endpoint, never through a status change.
  // What may follow depends on where the order stood when part of it went back
  // (`nextStatuses`): a partial refund settles money, not the delivery.
  partially_refunded: [],
}

/** A refund moves an order to these; they say where the money stands, not the goods. */
const REFUND_STATUSES: readonly OrderStatus[] = ['refunded', 'partially_refunded']

/**
 * The statuses an administrator may move the order to next (decision 241, issue 35). A partially
 * refunded order goes on from where it stood before the refund (the last other status in
 * its history): shipped, it can still be marked delivered. The refunds themselves stay in
 * the refund records, so the money's state is not lost when the status moves on.
 */
export function nextStatuses(
  from: OrderStatus,
  history: ReadonlyArray<{ status: OrderStatus }> = [],
): readonly OrderStatus[] {
  if (from !== 'partially_refunded') return ORDER_STATUS_TRANSITIONS[from]
  const stage = history.findLast((entry) => !REFUND_STATUSES.includes(entry.status))?.status
  return stage ? ORDER_STATUS_TRANSITIONS[stage] : []
}

export function canTransition(
  from: OrderStatus,
  to: OrderStatus,
  history?: ReadonlyArray<{ status: OrderStatus }>,
): boolean {
  return nextStatuses(from, history).includes(to)
}

/**
 * Orders the shop still has to deliver (or may yet be paid for): a deleted account's
 * delivery details stay on them until they are delivered, cancelled, failed or refunded
 * in full (decision 254).
 */
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = [
  'pending_payment',
  'paid',
  'preparing',
  'shipped',
  'partially_refunded',
]

/** Package lines have no sizes; the cart sends this fixed value as their size. */
export const PACKAGE_SIZE = 'package'

/**
 * A line's size as people read it: a package's is "מארז", never the wire value 'package'
 * (issue 35: the order e-mail, the packing slip and the orders file said "package").
 */
export function lineSizeName(size: string): string {
  return size === PACKAGE_SIZE ? 'מארז' : size
}

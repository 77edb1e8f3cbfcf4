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
  partially_refunded: [],
}

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_STATUS_TRANSITIONS[from].includes(to)
}

/** Package lines have no sizes; the cart sends this fixed value as their size. */
export const PACKAGE_SIZE = 'package'

/**
 * A line's size as people read it: a package's is "מארז", never the wire value 'package'
 * (issue 35: the order e-mail, the packing slip and the orders file said "package").
 */
export function lineSizeName(size: string): string {
  return size === PACKAGE_SIZE ? 'מארז' : size
}

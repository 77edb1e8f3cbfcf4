import { formatReviewReason, PACKAGE_SIZE, type OrderStatus } from '@tavlin/contracts'
import type { Transaction } from '../../db/unit-of-work.js'
import { crossedThreshold, type OrderCause, type ReservedLine, type StockLine } from '../catalog/index.js'
import type { OrdersDeps } from './orders.deps.js'
import { formatOrderNumber } from './orders.mapper.js'
import type { OrderItemRow, OrderRow, StatusActor } from './orders.repository.js'
import type { PricedCart } from './price-cart.step.js'

/**
 * The units an order holds (decision 221): taken with the order, in its transaction; given
 * back exactly once when it fails, is cancelled or expires (the order's `stock_held` flag is
 * cleared by the one caller that gives them back).
 */

/** Reserves the cart's tracked lines for the order just inserted in `tx`; throws 409 OUT_OF_STOCK. */
export async function reserveStock(deps: OrdersDeps, tx: Transaction, order: OrderRow, cart: PricedCart) {
  // Untracked lines are not touched: no write, no catalogue version bump for shops without stock.
  const tracked = cart.lines.filter((line) => line.stock !== null)
  if (tracked.length === 0) return
  await reserveAndTell(
    deps,
    tx,
    tracked.map(({ itemType, itemId, size, quantity, name }) => ({ itemType, itemId, size, quantity, name })),
    { reason: 'order', orderId: order.id, orderNumber: order.number },
  )
}

/**
 * Takes the units, and when the owner asked for it (decision 229) writes the low-stock
 * e-mail for the counts this reservation took to the threshold or under, in the same
 * transaction: an order that rolls back sends nothing.
 */
async function reserveAndTell(
  deps: OrdersDeps,
  tx: Transaction,
  lines: ReservedLine[],
  cause: OrderCause & { reason: 'order' | 'late_payment' },
) {
  const taken = await deps.stock.reserve(tx, lines, cause)
  if (taken.length === 0) return
  // Read in the order's transaction: PGlite has one connection, which the order holds.
  const { lowStockEmail, lowStockThreshold } = await deps.stockSettings(tx)
  if (!lowStockEmail) return
  const crossed = crossedThreshold(taken, lowStockThreshold)
  if (crossed.length === 0) return
  await deps.mail.enqueueLowStock(
    `${cause.reason}:${cause.orderId}`,
    {
      orderNumber: formatOrderNumber(cause.orderNumber),
      threshold: lowStockThreshold,
      items: crossed.map((count) => ({
        name: count.name,
        size: count.size === PACKAGE_SIZE ? null : count.size,
        left: count.after,
      })),
    },
    tx,
  )
}

export function stockLinesOf(items: OrderItemRow[]): StockLine[] {
  return items.map(({ itemType, itemId, size, quantity }) => ({ itemType, itemId, size, quantity }))
}

/** Gives the order's units back if it still holds them; call in the transaction that ends it. */
export async function releaseStock(
  deps: OrdersDeps,
  tx: Transaction,
  order: Pick<OrderRow, 'id' | 'number'>,
  items: OrderItemRow[],
) {
  if (!(await deps.repository.dropStockHold(order.id, tx))) return
  await deps.stock.release(tx, stockLinesOf(items), {
    reason: 'released',
    orderId: order.id,
    orderNumber: order.number,
  })
}

/** An unpaid order failed or cancelled (by the payment flow, expiry or an admin) and its units given back, together. */
export async function endUnpaid(
  deps: OrdersDeps,
  id: string,
  from: readonly OrderStatus[],
  to: 'failed' | 'cancelled',
  extra: { failureReason?: string | null } = {},
  actor: StatusActor = null,
): Promise<OrderRow | null> {
  const items = (await deps.repository.findById(id))?.items ?? []
  return deps.unitOfWork.run(async (tx) => {
    const row = await deps.repository.transition(id, from, to, extra, actor, tx)
    if (row) await releaseStock(deps, tx, row, items)
    return row
  })
}

/** Like `endUnpaid`, for an order that never got a payment page. */
export async function giveUpUnpaid(
  deps: OrdersDeps,
  id: string,
  to: 'failed' | 'cancelled',
  failureReason: string,
): Promise<OrderRow | null> {
  const items = (await deps.repository.findById(id))?.items ?? []
  return deps.unitOfWork.run(async (tx) => {
    const row = await deps.repository.giveUpWithoutPage(id, to, failureReason, tx)
    if (row) await releaseStock(deps, tx, row, items)
    return row
  })
}

/**
 * A payment recorded on an order that had given up (its units went back): takes them
 * again if they are still there, else the order goes to review — the money was taken
 * either way. Runs in a savepoint so a short count does not undo the payment.
 */
export async function retakeStock(deps: OrdersDeps, tx: Transaction, order: OrderRow, items: OrderItemRow[]) {
  if (order.stockHeld) return
  try {
    await tx.transaction(async (inner) => {
      await reserveAndTell(
        deps,
        inner,
        items.map(({ itemType, itemId, size, quantity, name }) => ({
          itemType,
          itemId,
          size,
          quantity,
          name,
        })),
        { reason: 'late_payment', orderId: order.id, orderNumber: order.number },
      )
      await deps.repository.setStockHold(order.id, inner)
    })
  } catch (error) {
    if ((error as { code?: string }).code !== 'OUT_OF_STOCK') throw error
    await deps.repository.flagForReview(order.id, formatReviewReason({ code: 'outOfStock' }), tx)
  }
}

/** Ended orders whose units were not given back (a crash between the two): the reconcile job's sweep. */
export async function releaseLeftovers(deps: OrdersDeps): Promise<number> {
  let released = 0
  for (const order of await deps.repository.findStockHeldByEnded(50)) {
    const items = (await deps.repository.findById(order.id))?.items ?? []
    await deps.unitOfWork.run(async (tx) => {
      await releaseStock(deps, tx, order, items)
      released += 1
    })
  }
  return released
}

import type { OrderStatus, ShipOrdersResult } from '@tavlin/contracts'
import type { Actor } from '../audit/index.js'
import { AppError } from '../../lib/errors.js'
import type { OrdersService } from './orders.service.js'

/** The steps from each status to "shipped": a paid order is prepared on the way. */
const ROUTE_TO_SHIPPED: Partial<Record<OrderStatus, OrderStatus[]>> = {
  paid: ['preparing', 'shipped'],
  preparing: ['shipped'],
}

/**
 * "סימון כנשלח" on the packing screen: every selected order that was paid or being
 * prepared moves on to shipped, each step through the one status change (history and
 * audit log); the others stay as they were and are reported back.
 */
export async function shipOrders(orders: OrdersService, ids: readonly string[], actor?: Actor) {
  const result: ShipOrdersResult = { shipped: [], skipped: [] }
  for (const id of new Set(ids)) {
    const order = await orders.getOrder(id).catch((error: unknown) => {
      if (error instanceof AppError && error.statusCode === 404) return null
      throw error
    })
    const route = order ? ROUTE_TO_SHIPPED[order.orderStatus] : undefined
    if (!order || !route) {
      result.skipped.push({ _id: id, orderNumber: order?.number ?? null, status: order?.orderStatus ?? null })
      continue
    }
    for (const status of route) await orders.changeStatus(id, status, actor)
    result.shipped.push(id)
  }
  return result
}

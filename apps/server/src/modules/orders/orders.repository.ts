import type { Database } from '../../db/client.js'
import { createOrderPages } from './order-pages.repository.js'
import { createOrderReads } from './order-reads.repository.js'
import { createOrderWrites } from './order-writes.repository.js'

export type {
  NewOrder,
  NewOrderItem,
  OrderItemRow,
  OrderRow,
  OrderWithItems,
  StatusActor,
  StatusHistoryRow,
} from './order-rows.repository.js'

/** The orders' one repository, made of its reads, its payment-page claims and its status changes. */
export function createOrdersRepository(db: Database) {
  return { ...createOrderReads(db), ...createOrderPages(db), ...createOrderWrites(db) }
}
export type OrdersRepository = ReturnType<typeof createOrdersRepository>

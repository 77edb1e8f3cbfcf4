import type { Database } from '../../db/client.js'
import { createOrderAccounts } from './order-accounts.repository.js'
import { createOrderPages } from './order-pages.repository.js'
import { createOrderReads } from './order-reads.repository.js'
import { createOrderWrites } from './order-writes.repository.js'

export type {
  NewOrder,
  NewOrderItem,
  OrderCharge,
  OrderItemRow,
  OrderRow,
  OrderWithItems,
  StatusActor,
  StatusHistoryRow,
} from './order-rows.repository.js'

/** The orders' one repository: its reads, payment-page claims, status changes and shoppers' orders. */
export function createOrdersRepository(db: Database) {
  return {
    ...createOrderReads(db),
    ...createOrderPages(db),
    ...createOrderWrites(db),
    ...createOrderAccounts(db),
  }
}
export type OrdersRepository = ReturnType<typeof createOrdersRepository>

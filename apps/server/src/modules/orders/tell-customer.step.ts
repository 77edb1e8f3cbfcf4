import type { Transaction } from '../../db/unit-of-work.js'
import type { OrdersDeps } from './orders.deps.js'
import { toMailView } from './order-mail-views.js'
import type { OrderWithItems } from './orders.repository.js'

/**
 * Step 6: the customer's confirmation and the shop's notice of a paid order, queued in
 * the unit of work that marks it paid, so both commit or neither (decision 056).
 */
export async function tellCustomer(
  deps: OrdersDeps,
  order: OrderWithItems,
  tx: Transaction,
  /** The lines' pictures, read before the transaction (embedded PGlite serialises behind it). */
  images: ReadonlyMap<string, string>,
): Promise<void> {
  await deps.mail.enqueueOrderPaid(
    toMailView(order, deps.config.deliveryDays, deps.config.publicUrl, images),
    tx,
  )
}

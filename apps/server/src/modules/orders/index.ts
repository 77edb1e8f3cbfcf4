// The orders module's entry: what other modules may use (decision 186).
import type { OrdersService } from './orders.service.js'

export type { OrderRefundsService } from './refund-order.js'
export type { OrdersService } from './orders.service.js'
/** An order's stored tracking as the shipped e-mail takes it (issue 41, decision 263). */
export { shipmentTrackingOf, type ShipmentTracking } from './order-tracking.js'

/** What shopper accounts read of the orders (decision 230): only an account's own. */
export type AccountOrders = Pick<
  OrdersService,
  'listAccountOrders' | 'getAccountOrder' | 'claimGuestOrders' | 'countOpenAccountOrders'
>
/** The lines of delivered orders, for reviews from verified buyers (issue 36). */
export type { ReceivedItems, ReceivedLine } from './order-received.js'

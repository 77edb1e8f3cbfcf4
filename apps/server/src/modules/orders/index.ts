// The orders module's entry: what other modules may use (decision 186).
export type { OrderRefundsService } from './refund-order.js'

// The delivery module's entry: what other modules may use (decision 186).
export type { DeliveryService } from './delivery.service.js'
export type { DeliveryChoice } from './delivery-quotes.js'
export type { DeliveryTerms } from './delivery-terms.js'
export type { CouriersService } from './couriers.service.js'

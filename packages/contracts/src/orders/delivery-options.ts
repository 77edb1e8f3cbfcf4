import { toAgorot } from '../common/money.js'
import type { DeliveryCatalog, DeliveryMethod, OrderDelivery } from './delivery-methods.schemas.js'
import { findLocality } from './localities.js'

/**
 * One way an order to a city can go, with its fee: what checkout lists and what the server
 * charges (decision 228). The fee and the free-shipping threshold are given to `priceOrder`,
 * which alone decides whether shipping is waived.
 */
export type DeliveryOption = {
  method: DeliveryMethod
  /** The zone the city falls in (home delivery); null for pickup. */
  zoneName: string | null
  feeAgorot: number
  /** Items (after the discount) at or above this ship free; null: never. */
  freeAboveAgorot: number | null
}

/**
 * The methods that take an order to `city` (a locality as typed or as the list names it),
 * in checkout order. Pickup takes any order; home delivery needs the city in one of the
 * method's zones, or a zone of "everywhere else", and not on the shop's excluded list.
 * An unknown city gets only pickup.
 */
export function deliveryOptionsFor(catalog: DeliveryCatalog, city: string): DeliveryOption[] {
  const locality = findLocality(city)
  const isExcluded = locality !== null && catalog.excludedCities.includes(locality)
  return catalog.methods.flatMap((method): DeliveryOption[] => {
    if (!method.active) return []
    const freeAboveAgorot = method.freeAbove === null ? null : toAgorot(method.freeAbove)
    if (method.kind === 'pickup') return [{ method, zoneName: null, feeAgorot: 0, freeAboveAgorot }]
    if (locality === null || isExcluded) return []
    const zone =
      method.zones.find((candidate) => candidate.cities.includes(locality)) ??
      method.zones.find((candidate) => candidate.everywhereElse)
    if (!zone) return []
    return [{ method, zoneName: zone.name || null, feeAgorot: toAgorot(zone.price), freeAboveAgorot }]
  })
}

/** The option of `methodId` for `city`, or null when that method does not go there. */
export function deliveryOptionOf(
  catalog: DeliveryCatalog,
  methodId: string,
  city: string,
): DeliveryOption | null {
  return deliveryOptionsFor(catalog, city).find((option) => option.method._id === methodId) ?? null
}

/** What an order keeps of its option: the method as it was when the order was placed. */
export function orderDeliveryOf(option: DeliveryOption): OrderDelivery {
  const { method } = option
  return {
    methodId: method._id,
    kind: method.kind,
    name: method.name,
    zoneName: option.zoneName,
    daysMin: method.daysMin,
    daysMax: method.daysMax,
    pickupAddress: method.pickupAddress,
    openingHours: method.openingHours,
  }
}

/** How a method is named on receipts: "משלוח עד הבית – מרכז", or the name alone. */
export function deliveryLabel(delivery: Pick<OrderDelivery, 'name' | 'zoneName'>): string {
  return delivery.zoneName ? `${delivery.name} – ${delivery.zoneName}` : delivery.name
}

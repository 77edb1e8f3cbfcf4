import type { DeliveryMethod } from '@tavlin/contracts'

/** The delivery tests' methods (admin and checkout): home delivery by two zones, and pickup from the shop. */
export const HOME_ID = '55555555-5555-4555-8555-555555555555'
export const PICKUP_ID = '66666666-6666-4666-8666-666666666666'

export function makeHomeDelivery(overrides: Partial<DeliveryMethod> = {}): DeliveryMethod {
  return {
    _id: HOME_ID,
    kind: 'delivery',
    name: 'שליח עד הבית',
    active: true,
    daysMin: 2,
    daysMax: 4,
    freeAbove: 300,
    zones: [
      { name: 'צפון', price: 25, cities: ['חיפה', 'עכו'], everywhereElse: false },
      { name: 'מרכז', price: 30, cities: [], everywhereElse: true },
    ],
    pickupAddress: null,
    openingHours: null,
    position: 0,
    ...overrides,
  }
}

export function makePickup(overrides: Partial<DeliveryMethod> = {}): DeliveryMethod {
  return {
    _id: PICKUP_ID,
    kind: 'pickup',
    name: 'איסוף מהחנות',
    active: false,
    daysMin: 1,
    daysMax: 1,
    freeAbove: null,
    zones: [],
    pickupAddress: 'הנביאים 12, ירושלים',
    openingHours: 'א׳–ה׳ 9:00–18:00',
    position: 1,
    ...overrides,
  }
}

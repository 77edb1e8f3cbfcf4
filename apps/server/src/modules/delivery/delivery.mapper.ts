import {
  STANDARD_DELIVERY_ID,
  findLocality,
  toAgorot,
  toShekels,
  type DeliveryMethod,
  type DeliveryMethodInput,
} from '@tavlin/contracts'
import type { DeliveryMethodRow, NewDeliveryMethod } from './delivery.repository.js'

/** The one method of a shop that defines none: SHIPPING_FEE everywhere, DELIVERY_DAYS_MIN/MAX. */
export function standardMethodOf(standard: {
  feeAgorot: number
  days: { min: number; max: number }
}): DeliveryMethod {
  return {
    _id: STANDARD_DELIVERY_ID,
    kind: 'delivery',
    name: 'משלוח עד הבית',
    active: true,
    daysMin: standard.days.min,
    daysMax: standard.days.max,
    freeAbove: null,
    zones: [{ name: '', price: toShekels(standard.feeAgorot), cities: [], everywhereElse: true }],
    pickupAddress: null,
    openingHours: null,
    position: 0,
  }
}

export function toRow(input: DeliveryMethodInput): NewDeliveryMethod {
  const isPickup = input.kind === 'pickup'
  return {
    kind: input.kind,
    name: input.name,
    active: input.active,
    daysMin: input.daysMin,
    daysMax: input.daysMax,
    freeAboveAgorot: input.freeAbove === null ? null : toAgorot(input.freeAbove),
    // Cities as the localities list names them, so a zone matches however the city was typed.
    zones: isPickup
      ? []
      : input.zones.map((zone) => ({
          name: zone.name,
          priceAgorot: toAgorot(zone.price),
          cities: zone.everywhereElse ? [] : [...new Set(zone.cities.map((city) => findLocality(city)!))],
          everywhereElse: zone.everywhereElse,
        })),
    pickupAddress: isPickup ? input.pickupAddress : null,
    openingHours: isPickup ? input.openingHours : null,
    position: input.position,
  }
}

export function toMethod(row: DeliveryMethodRow): DeliveryMethod {
  return {
    _id: row.id,
    kind: row.kind,
    name: row.name,
    active: row.active,
    daysMin: row.daysMin,
    daysMax: row.daysMax,
    freeAbove: row.freeAboveAgorot === null ? null : toShekels(row.freeAboveAgorot),
    zones: row.zones.map((zone) => ({
      name: zone.name,
      price: toShekels(zone.priceAgorot),
      cities: zone.cities,
      everywhereElse: zone.everywhereElse,
    })),
    pickupAddress: row.pickupAddress,
    openingHours: row.openingHours,
    position: row.position,
  }
}

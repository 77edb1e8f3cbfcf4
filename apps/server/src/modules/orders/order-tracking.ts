import { trackingUrlOf, type OrderTracking } from '@tavlin/contracts'
import type { StoredOrderTracking } from './order-tracking.repository.js'

/**
 * What the "shipped" e-mail (issue 41, part A) takes: the courier's display name, the
 * number, and the courier's page for it (null when no address can be built). Given an
 * order's stored tracking, or null when it has none.
 */
export type ShipmentTracking = {
  courierName: string
  trackingNumber: string
  trackingUrl: string | null
}

export function shipmentTrackingOf(stored: StoredOrderTracking | null): ShipmentTracking | null {
  if (!stored) return null
  return {
    courierName: stored.courierName,
    trackingNumber: stored.trackingNumber,
    trackingUrl: stored.urlPattern ? trackingUrlOf(stored.urlPattern, stored.trackingNumber) : null,
  }
}

/** The wire shape the admin, the account's order page and the status page show. */
export function toOrderTracking(stored: StoredOrderTracking | null): OrderTracking | null {
  const shipment = shipmentTrackingOf(stored)
  return stored && shipment ? { courierId: stored.courierId, ...shipment } : null
}

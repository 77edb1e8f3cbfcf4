import type { OrderStatus } from '@tavlin/contracts'
import type { Logger } from '../../lib/logger.js'
import type { MailService, OrderUpdate } from '../mail/index.js'
import { addressLine, orderPageUrl, toUpdateView } from './order-mail-views.js'
import { shipmentTrackingOf } from './order-tracking.js'
import type { OrdersDeps } from './orders.deps.js'
import type { OrderRow, OrderWithItems } from './orders.repository.js'

type TellDeps = {
  mail: Pick<MailService, 'enqueueOrderUpdate'>
  publicUrl: string
  log: Logger
  /** The order's pictures (catalogue prices' findImages); absent: the mail goes without. */
  images?: ((ids: string[]) => Promise<ReadonlyMap<string, string>>) | undefined
}

/**
 * Tells the shopper what happened to the order (issue 41), after the change committed. A
 * failure to queue is logged, not thrown: the change itself stands, and the admin who made
 * it must not be told it failed.
 */
export async function tellShopper(deps: TellDeps, order: OrderWithItems, update: OrderUpdate): Promise<void> {
  try {
    const images = (await deps.images?.(order.items.map((item) => item.itemId))) ?? new Map<string, string>()
    await deps.mail.enqueueOrderUpdate(toUpdateView(order, deps.publicUrl, images), update)
  } catch (error) {
    deps.log.error({ err: error, orderId: order.id, step: update.step }, 'order mail not queued')
  }
}

/** A status change by the owner: shipped (or, for pickup, ready there) and delivered are told. */
export async function tellProgress(deps: OrdersDeps, order: OrderWithItems, to: OrderStatus): Promise<void> {
  const update = progressUpdate(order, to)
  if (update) await tellShopper(tellDeps(deps), order, update)
}

/** A declined card while the order's page still takes payment: a way back to the same order. */
export async function tellPaymentFailed(deps: OrdersDeps, order: OrderRow): Promise<void> {
  const full = await deps.repository.findById(order.id)
  if (!full) return
  const payUrl = orderPageUrl(deps.config.publicUrl, full)
  await tellShopper(tellDeps(deps), full, { step: 'payment-failed', payUrl })
}

function tellDeps(deps: OrdersDeps): TellDeps {
  return {
    mail: deps.mail,
    publicUrl: deps.config.publicUrl,
    log: deps.log,
    images: (ids) => deps.prices.findImages(ids),
  }
}

function progressUpdate(order: OrderWithItems, to: OrderStatus): OrderUpdate | null {
  if (to === 'delivered') return { step: 'delivered' }
  if (to !== 'shipped') return null
  if (order.delivery?.kind === 'pickup')
    return {
      step: 'ready-for-pickup',
      pickup: {
        address: order.delivery.pickupAddress ?? '',
        openingHours: order.delivery.openingHours ?? '',
      },
    }
  return {
    step: 'shipped',
    address: addressLine(order),
    tracking: shipmentTrackingOf(order.tracking ?? null),
  }
}

import {
  TRACKABLE_STATUSES,
  type BulkTrackingInput,
  type BulkTrackingResult,
  type Courier,
  type OrderTracking,
  type OrderTrackingInput,
  type TrackingLineError,
} from '@tavlin/contracts'
import type { UnitOfWork } from '../../db/unit-of-work.js'
import { AppError, notFound } from '../../lib/errors.js'
import type { Actor, AuditService } from '../audit/index.js'
import type { CouriersService } from '../delivery/index.js'
import { formatOrderNumber } from './orders.mapper.js'
import type {
  OrderTrackingRepository,
  StoredOrderTracking,
  TrackedOrderRef,
} from './order-tracking.repository.js'
import { toOrderTracking } from './order-tracking.js'
import { readTrackingList } from './tracking-list.js'

export type OrderTrackingDeps = {
  repository: OrderTrackingRepository
  couriers: Pick<CouriersService, 'findById'>
  audit: AuditService
  unitOfWork: UnitOfWork
}

function notTrackable(order: TrackedOrderRef): AppError {
  return new AppError(
    'ORDER_NOT_TRACKABLE',
    'Only a paid, preparing or shipped order has a parcel to track',
    {
      status: order.status,
    },
  )
}

function stored(courier: Courier, trackingNumber: string): StoredOrderTracking {
  return {
    courierId: courier._id,
    courierName: courier.name,
    urlPattern: courier.urlPattern,
    trackingNumber,
    at: new Date().toISOString(),
  }
}

/**
 * The courier and tracking number of an order's parcel (issue 41, decision 263): set on one
 * order, or on many from a pasted list, all or nothing. Each change is in the admin activity.
 */
export function createOrderTracking(deps: OrderTrackingDeps) {
  const { repository, couriers, audit, unitOfWork } = deps

  async function courierOf(courierId: string): Promise<Courier> {
    const courier = await couriers.findById(courierId)
    if (!courier) throw new AppError('COURIER_UNKNOWN', 'No such courier on the list')
    return courier
  }

  const record = (actor: Actor | undefined, order: TrackedOrderRef, what: string) =>
    audit.record(actor, {
      action: 'tracking',
      entityType: 'order',
      entityId: order.id,
      summary: `${formatOrderNumber(order.number)}: ${what}`,
    })

  return {
    async set(orderId: string, input: OrderTrackingInput, actor?: Actor): Promise<OrderTracking> {
      const courier = await courierOf(input.courierId)
      const order = await repository.findById(orderId)
      if (!order) throw notFound('Order')
      const tracking = stored(courier, input.trackingNumber)
      const written = await repository.update(orderId, tracking, TRACKABLE_STATUSES)
      if (!written) throw notTrackable((await repository.findById(orderId)) ?? order)
      await record(actor, written, `${courier.name} ${input.trackingNumber}`)
      return toOrderTracking(tracking)!
    },

    /** Takes the number off in any status: a wrong one must be removable even after delivery. */
    async clear(orderId: string, actor?: Actor): Promise<null> {
      const written = await repository.update(orderId, null, null)
      if (!written) throw notFound('Order')
      await record(actor, written, '—')
      return null
    },

    async setMany(input: BulkTrackingInput, actor?: Actor): Promise<BulkTrackingResult> {
      const courier = await courierOf(input.courierId)
      const { entries, problems } = readTrackingList(input.trackingList)
      const found = new Map(
        (await repository.findByNumbers(entries.map((entry) => entry.orderNumber))).map((order) => [
          order.number,
          order,
        ]),
      )
      const orderProblems = entries.flatMap((entry): TrackingLineError[] => {
        const order = found.get(entry.orderNumber)
        if (!order) return [{ line: entry.line, problem: 'unknownOrder', text: entry.text }]
        const isTrackable = (TRACKABLE_STATUSES as readonly string[]).includes(order.status)
        return isTrackable ? [] : [{ line: entry.line, problem: 'notShippable', text: entry.text }]
      })
      const all = [...problems, ...orderProblems].sort((a, b) => a.line - b.line)
      if (all.length > 0) throw new AppError('TRACKING_LIST_INVALID', 'Some lines were refused', all)
      const written = await unitOfWork.run(async (tx) => {
        const rows: TrackedOrderRef[] = []
        for (const entry of entries) {
          const order = found.get(entry.orderNumber)!
          const row = await repository.update(
            order.id,
            stored(courier, entry.trackingNumber),
            TRACKABLE_STATUSES,
            tx,
          )
          // The order moved on since it was read: nothing of the list is written.
          if (!row) throw notTrackable(order)
          rows.push(row)
        }
        return rows
      })
      for (const [index, order] of written.entries()) {
        await record(actor, order, `${courier.name} ${entries[index]!.trackingNumber}`)
      }
      return {
        updated: entries.map((entry) => ({
          number: formatOrderNumber(entry.orderNumber),
          trackingNumber: entry.trackingNumber,
        })),
      }
    },
  }
}
export type OrderTrackingService = ReturnType<typeof createOrderTracking>

import {
  canTransition,
  statusChangeSummary,
  type AdminOrder,
  type AdminOrderListQuery,
  type OrderStatus,
  type Paged,
} from '@tavlin/contracts'
import { AppError, notFound } from '../../lib/errors.js'
import type { Actor } from '../audit/index.js'
import type { OrdersDeps } from './orders.deps.js'
import { endUnpaid } from './order-stock.step.js'
import { formatOrderNumber, toAdminOrder } from './orders.mapper.js'
import { tellProgress } from './tell-progress.step.js'

/** The admin's orders: a page of them, one in full, and a status change by hand. */
export async function listOrders(deps: OrdersDeps, query: AdminOrderListQuery): Promise<Paged<AdminOrder>> {
  const { rows, total } = await deps.repository.findPage(query)
  return {
    items: rows.map((row) => toAdminOrder(row)),
    currentPage: query.page,
    totalPages: Math.ceil(total / query.limit),
    totalItems: total,
  }
}

/** One order with its payment details and every status it has had. */
export async function getOrder(deps: OrdersDeps, id: string): Promise<AdminOrder> {
  const order = await deps.repository.findById(id)
  if (!order) throw notFound('Order')
  return {
    ...toAdminOrder(order, await deps.repository.findStatusHistory(id)),
    mails: await deps.mail.orderMailHistory(id),
  }
}

export async function changeStatus(
  deps: OrdersDeps,
  id: string,
  to: OrderStatus,
  actor?: Actor,
): Promise<AdminOrder> {
  const { repository } = deps
  const order = await repository.findById(id)
  if (!order) throw notFound('Order')
  const from = order.status as OrderStatus
  // A partially refunded order goes on from where it stood before the refund (decision 241, issue 35).
  const history = await repository.findStatusHistory(id)
  const stages = history.map((entry) => ({ status: entry.status as OrderStatus }))
  if (!canTransition(from, to, stages)) {
    throw new AppError('INVALID_STATUS_TRANSITION', `Cannot change an order from ${from} to ${to}`, {
      from,
      to,
    })
  }
  // An unpaid order an admin fails or cancels gives its units back with the change.
  const updated =
    to === 'failed' || to === 'cancelled'
      ? await endUnpaid(deps, id, [from], to, {}, actor ?? null)
      : await repository.transition(id, [from], to, {}, actor ?? null)
  if (!updated)
    throw new AppError('INVALID_STATUS_TRANSITION', 'The order changed meanwhile; reload it', { from, to })
  await deps.audit.record(actor, {
    action: 'status',
    entityType: 'order',
    entityId: id,
    summary: statusChangeSummary(formatOrderNumber(order.number), from, to),
  })
  await tellProgress(deps, { ...updated, items: order.items }, to)
  return getOrder(deps, id)
}

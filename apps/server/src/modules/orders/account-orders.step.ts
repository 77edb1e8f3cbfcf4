import { totalPages, type AccountOrder, type AccountOrderList } from '@tavlin/contracts'
import { notFound } from '../../lib/errors.js'
import type { OrdersDeps } from './orders.deps.js'
import { toAccountOrder } from './orders.mapper.js'

/**
 * "החשבון שלי" (issue 22, decision 230): the orders of one account, by its subject. Another
 * shopper's order is a 404 exactly like a missing one: a 403 would confirm that it exists.
 */
export async function listAccountOrders(
  { repository }: Pick<OrdersDeps, 'repository'>,
  subject: string,
  query: { page: number; limit: number },
): Promise<AccountOrderList> {
  const { rows, total } = await repository.findPageOfAccount(subject, {
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  })
  return {
    items: rows.map(toAccountOrder),
    currentPage: query.page,
    totalPages: totalPages(total, query.limit),
    totalItems: total,
  }
}

export async function getAccountOrder(
  { repository }: Pick<OrdersDeps, 'repository'>,
  subject: string,
  orderId: string,
): Promise<AccountOrder> {
  const order = await repository.findOfAccount(subject, orderId)
  if (!order) throw notFound('Order')
  return toAccountOrder(order)
}

/**
 * Links guest orders placed with `email` to the account. The caller has made sure the
 * identity provider confirmed the address: an unconfirmed one would hand anybody's orders over.
 */
export async function claimGuestOrders(
  { repository }: Pick<OrdersDeps, 'repository'>,
  subject: string,
  confirmedEmail: string,
): Promise<number> {
  return repository.claimByEmail(subject, confirmedEmail)
}

/** How many of the shopper's orders are still open: deleting the account says so first (decision 254). */
export async function countOpenAccountOrders(
  { repository }: Pick<OrdersDeps, 'repository'>,
  who: { subject: string; confirmedEmail: string | null },
): Promise<number> {
  return repository.countOpen(who)
}

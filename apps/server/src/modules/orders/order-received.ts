import type { ItemType } from '@tavlin/contracts'
import { formatOrderNumber } from './orders.mapper.js'
import type { OrderReceivedRepository } from './order-received.repository.js'

/** One line of an order its buyer received: who bought what, and when it arrived. */
export type ReceivedLine = {
  orderId: string
  orderNumber: string
  itemId: string
  itemType: ItemType
  name: string
  deliveredAt: Date
  email: string
  firstName: string
  lastName: string
  accountSubject: string | null
}

/**
 * What reviews read of the orders (issue 36, decision 279): the lines of delivered orders
 * whose personal details are still there. "Received" is the order status `delivered` (a pickup
 * order too: the owner marks it delivered when it is collected), or a partial refund after it.
 */
export function createReceivedItems(repository: OrderReceivedRepository) {
  type Row = Awaited<ReturnType<OrderReceivedRepository['ofOrder']>>[number]
  const toLine = (row: Row): ReceivedLine => ({
    orderId: row.orderId,
    orderNumber: formatOrderNumber(row.number),
    itemId: row.itemId,
    itemType: row.itemType,
    name: row.name,
    deliveredAt: new Date(row.deliveredAt),
    email: row.customer.email.trim().toLowerCase(),
    firstName: row.customer.firstName,
    lastName: row.customer.lastName,
    accountSubject: row.accountSubject,
  })
  return {
    ofAccount: async (subject: string) => (await repository.ofAccount(subject)).map(toLine),
    ofOrder: async (orderId: string) => (await repository.ofOrder(orderId)).map(toLine),
    deliveredBetween: async (from: Date, to: Date) =>
      (await repository.deliveredBetween(from, to)).map(toLine),
  }
}
export type ReceivedItems = ReturnType<typeof createReceivedItems>

import { randomUUID } from 'node:crypto'
import type { OrderStatus } from '@tavlin/contracts'
import type { Database } from '../db/client.js'
import { orderItems, orders, type OrderCustomer } from '../db/schema/index.js'

export type SeededOrder = {
  status: OrderStatus
  paidAt: string | null
  totalAgorot: number
  createdAt?: string
  customer?: Partial<OrderCustomer>
  items?: Array<{ itemId: string; name: string; unitPriceAgorot: number; quantity: number }>
}

/**
 * Orders written straight to the tables, with the times a test needs (a paid order of
 * last Tuesday cannot be made through checkout today). Returns the ids in order.
 */
export async function seedOrders(db: Database, ...list: SeededOrder[]): Promise<string[]> {
  if (list.length === 0) return []
  const rows = await db
    .insert(orders)
    .values(
      list.map((order) => ({
        status: order.status,
        statusToken: randomUUID(),
        requestHash: randomUUID(),
        customer: {
          firstName: 'דנה',
          lastName: 'כהן',
          email: 'dana@example.com',
          phone: '050-1234567',
          address: { street: 'הרצל', streetNum: '1', city: 'חיפה' },
          ...order.customer,
        },
        subtotalAgorot: order.totalAgorot,
        shippingAgorot: 0,
        vatAgorot: Math.round((order.totalAgorot * 18) / 118),
        vatRate: '0.18',
        totalAgorot: order.totalAgorot,
        paymentProvider: 'sandbox',
        paidAt: order.paidAt ? new Date(order.paidAt) : null,
        createdAt: new Date(order.createdAt ?? order.paidAt ?? Date.now()),
      })),
    )
    .returning({ id: orders.id })
  const lines = list.flatMap((order, index) =>
    (order.items ?? []).map((item, position) => ({
      ...item,
      orderId: rows[index]!.id,
      position,
      itemType: 'Product' as const,
      size: '100 גרם',
    })),
  )
  if (lines.length > 0) await db.insert(orderItems).values(lines)
  return rows.map((row) => row.id)
}

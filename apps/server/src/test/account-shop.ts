import { randomUUID } from 'node:crypto'
import type { ItemType, OrderStatus } from '@tavlin/contracts'
import type { Database } from '../db/client.js'
import { orderItems, orders } from '../db/schema/index.js'
import type { TestContext } from './build-test-app.js'
import type { TokenFactory } from './tokens.js'

/** A shopper's access token: no roles, an e-mail the provider confirmed unless told otherwise. */
export function shopperToken(
  tokens: TokenFactory,
  sub: string,
  claims: { email?: string; email_verified?: boolean; given_name?: string; family_name?: string } = {},
): Promise<string> {
  return tokens.sign({ sub, email: `${sub}@tavlin.test`, email_verified: true, ...claims })
}

/** Authorization headers for a token. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

export type AccountOrderLine = {
  itemId: string
  itemType?: ItemType
  name?: string
  size?: string
  unitPriceAgorot: number
  quantity: number
}

/**
 * A paid order (or one further along) written straight to the tables, linked to `subject`
 * (null: a guest's), with the lines a re-order test needs.
 */
export async function seedAccountOrder(
  db: Database,
  order: {
    subject: string | null
    email?: string
    lines: AccountOrderLine[]
    createdAt?: Date
    status?: OrderStatus
  },
): Promise<string> {
  const subtotal = order.lines.reduce((sum, line) => sum + line.unitPriceAgorot * line.quantity, 0)
  const [row] = await db
    .insert(orders)
    .values({
      status: order.status ?? 'paid',
      statusToken: randomUUID(),
      requestHash: randomUUID(),
      accountSubject: order.subject,
      customer: {
        firstName: 'דנה',
        lastName: 'כהן',
        email: order.email ?? 'dana@example.com',
        phone: '0501234567',
        address: { street: 'הרצל', streetNum: '1', city: 'חיפה' },
      },
      subtotalAgorot: subtotal,
      shippingAgorot: 1500,
      vatAgorot: Math.round(((subtotal + 1500) * 18) / 118),
      vatRate: '0.18',
      totalAgorot: subtotal + 1500,
      paymentProvider: 'sandbox',
      paidAt: order.createdAt ?? new Date(),
      createdAt: order.createdAt ?? new Date(),
    })
    .returning({ id: orders.id })
  await db.insert(orderItems).values(
    order.lines.map((line, position) => ({
      orderId: row!.id,
      position,
      itemId: line.itemId,
      itemType: line.itemType ?? 'Product',
      name: line.name ?? 'ברברה',
      size: line.size ?? '100 גרם',
      unitPriceAgorot: line.unitPriceAgorot,
      quantity: line.quantity,
    })),
  )
  return row!.id
}

/** A request as the shopper with `token`. */
export function asShopper(ctx: TestContext, token: string) {
  return (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) })
}

import { randomUUID } from 'node:crypto'
import { count } from 'drizzle-orm'
import { priceLines, priceOrder, type OrderStatus } from '@tavlin/contracts'
import type { Database } from '../client.js'
import { orderItems, orderStatusHistory, orders, type OrderCustomer } from '../schema/index.js'
import { PRODUCTS } from './catalogue-data.js'

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

const DAY = 86_400_000
const HOUR = 3_600_000
/** How far back the demo shop's sales go: enough for the dashboard's week and 30-day chart. */
export const DEMO_ORDER_DAYS = 24
const SHIPPING_AGOROT = 2500
const FREE_SHIPPING_FROM_AGOROT = 25_000

const CUSTOMERS: OrderCustomer[] = [
  ['נועה', 'כהן', 'יפו', '97', 'ירושלים'],
  ['אבי', 'לוי', 'הרצל', '12', 'חיפה'],
  ['תמר', 'מזרחי', 'רוטשילד', '40', 'תל אביב-יפו'],
  ['יוסף', 'אברהם', 'הנביאים', '3', 'רחובות'],
  ['מרים', 'טספאי', 'ביאליק', '18', 'נתניה'],
  ['דוד', 'פרץ', 'ויצמן', '7', 'באר שבע'],
].map(([firstName, lastName, street, streetNum, city], index) => ({
  firstName: firstName!,
  lastName: lastName!,
  email: `demo-customer-${index + 1}@example.com`,
  phone: `050-55500${index + 1}0`,
  address: { street: street!, streetNum: streetNum!, city: city! },
}))

/** A fixed sequence (not Math.random), so every fresh demo shop tells the same story. */
function sequence(seed: number) {
  let state = seed
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state % below
  }
}

/** Where an order of `daysAgo` has got to: old ones delivered, recent ones still to pack. */
function statusFor(daysAgo: number, index: number): OrderStatus {
  if (index === 5) return 'refunded'
  if (index === 9) return 'cancelled'
  if (daysAgo >= 7) return 'delivered'
  if (daysAgo >= 3) return 'shipped'
  if (daysAgo >= 1) return index % 2 === 0 ? 'preparing' : 'shipped'
  return 'paid'
}

const PATH_TO: Record<string, OrderStatus[]> = {
  paid: ['paid'],
  preparing: ['paid', 'preparing'],
  shipped: ['paid', 'preparing', 'shipped'],
  delivered: ['paid', 'preparing', 'shipped', 'delivered'],
  refunded: ['paid', 'refunded'],
  cancelled: ['cancelled'],
}

type DemoOrder = {
  status: OrderStatus
  createdAt: Date
  customer: OrderCustomer
  lines: Array<{ itemId: string; name: string; size: string; unitPriceAgorot: number; quantity: number }>
}

function planOrders(now: number, productIdByName: Map<string, string>): DemoOrder[] {
  const next = sequence(21)
  const planned: DemoOrder[] = []
  for (let daysAgo = DEMO_ORDER_DAYS; daysAgo >= 0; daysAgo--) {
    // Today's few are the ones still to pack.
    const perDay = daysAgo === 0 ? 3 : 1 + next(3)
    for (let n = 0; n < perDay; n++) {
      // Between 08:00 and 20:00 in Israel, before the present moment.
      const at = Math.min(now - 10 * 60_000, now - daysAgo * DAY - next(12) * HOUR - next(60) * 60_000)
      const lines = Array.from({ length: 1 + next(3) }, () => {
        const product = PRODUCTS[next(PRODUCTS.length)]!
        const size = product.sizes[next(product.sizes.length)]!
        return {
          itemId: productIdByName.get(product.name)!,
          name: product.name,
          size: size.sizeName,
          unitPriceAgorot: size.priceAgorot,
          quantity: 1 + next(2),
        }
      })
      const status = statusFor(daysAgo, planned.length)
      planned.push({ status, createdAt: new Date(at), customer: CUSTOMERS[next(CUSTOMERS.length)]!, lines })
    }
  }
  return planned
}

function orderRow(order: DemoOrder, vatRate: number) {
  const { subtotalAgorot: subtotal } = priceLines(order.lines)
  const shipping = subtotal >= FREE_SHIPPING_FROM_AGOROT ? 0 : SHIPPING_AGOROT
  const pricing = priceOrder({ lines: order.lines, shippingAgorot: shipping, vatRate })
  const paid = order.status !== 'cancelled'
  return {
    status: order.status,
    statusToken: randomUUID(),
    requestHash: randomUUID(),
    customer: order.customer,
    subtotalAgorot: subtotal,
    shippingAgorot: shipping,
    vatAgorot: pricing.vatAgorot,
    vatRate: String(vatRate),
    totalAgorot: pricing.totalAgorot,
    paymentProvider: 'demo',
    paidAt: paid ? new Date(order.createdAt.getTime() + 2 * 60_000) : null,
    createdAt: order.createdAt,
    updatedAt: order.createdAt,
  }
}

/**
 * A few weeks of a small shop's orders (issue 21), so the owner's dashboard has figures and
 * charts on a fresh demo start: mostly delivered and shipped, today's still to pack, one
 * refunded and one cancelled. Only with the demo catalogue, and only into a shop with no
 * orders yet, so a reseed never doubles them. Returns how many it wrote.
 */
export async function insertDemoOrders(
  tx: Transaction,
  productIdByName: Map<string, string>,
  vatRate: number,
  now = Date.now(),
): Promise<number> {
  const [existing] = await tx.select({ total: count() }).from(orders)
  if ((existing?.total ?? 0) > 0) return 0
  const planned = planOrders(now, productIdByName)
  const rows = await tx
    .insert(orders)
    .values(planned.map((order) => orderRow(order, vatRate)))
    .returning({ id: orders.id, total: orders.totalAgorot })
  await tx.insert(orderItems).values(
    planned.flatMap((order, index) =>
      order.lines.map((line, position) => ({
        ...line,
        orderId: rows[index]!.id,
        position,
        itemType: 'Product' as const,
      })),
    ),
  )
  await tx.insert(orderStatusHistory).values(
    planned.flatMap((order, index) => {
      const steps = ['pending_payment', ...PATH_TO[order.status]!]
      return steps.map((status, step) => ({
        orderId: rows[index]!.id,
        status,
        refund: status === 'refunded' ? { amountAgorot: rows[index]!.total, feeAgorot: 0 } : null,
        // Each later step a day on, never past the present moment.
        at: new Date(Math.min(now, order.createdAt.getTime() + (step === 0 ? 0 : (step - 1) * DAY + 60_000))),
      }))
    }),
  )
  return planned.length
}

import { deliveryLabel, lineSizeName, lineTotalAgorot, toShekels, type OrderStatus } from '@tavlin/contracts'
import { UTF8_BOM, csvLine, type CsvCell } from '../../lib/csv.js'
import { israelDateTime } from '../../lib/iso-time.js'
import type { OrderFilter } from './order-filters.repository.js'
import type { OrderItemRow } from './orders.repository.js'
import type { ExportedOrder, OrdersExportRepository } from './orders-export.repository.js'

/**
 * The accountant's orders file (issue 21): one row per order, or per order line, in
 * Hebrew, through the server's one CSV writer (BOM, RFC 4180, formulas neutralised).
 */

const STATUS_NAMES: Record<OrderStatus, string> = {
  pending_payment: 'ממתינה לתשלום',
  paid: 'שולמה',
  preparing: 'בהכנה',
  shipped: 'נשלחה',
  delivered: 'נמסרה',
  failed: 'נכשלה',
  cancelled: 'בוטלה',
  refunded: 'הוחזרה',
  partially_refunded: 'הוחזרה חלקית',
}

const ORDER_COLUMNS = [
  'מספר הזמנה',
  'תאריך',
  'לקוח',
  'אימייל',
  'טלפון',
  'עיר',
  'סטטוס',
  'סכום ביניים',
  'הנחה',
  'משלוח',
  'אופן משלוח',
  'מע"מ',
  'סה"כ',
  'תאריך תשלום',
  'מספר עסקה',
  'קבלה',
  'הוחזר',
]
const LINE_COLUMNS = ['פריט', 'גודל', 'כמות', 'מחיר ליחידה', 'סה"כ שורה']

/** Shekels with two decimals, as a number a spreadsheet can sum. */
const shekels = (agorot: number): number => Number(toShekels(agorot).toFixed(2))

function orderCells(order: ExportedOrder): CsvCell[] {
  const { customer } = order
  return [
    `TV-${order.number}`,
    israelDateTime(order.createdAt),
    `${customer.firstName} ${customer.lastName}`,
    customer.email,
    customer.phone,
    customer.address.city,
    STATUS_NAMES[order.status as OrderStatus] ?? order.status,
    shekels(order.subtotalAgorot),
    shekels(order.discountAgorot),
    shekels(order.shippingAgorot),
    // Orders from before delivery methods went by the one home delivery there was.
    order.delivery ? deliveryLabel(order.delivery) : 'משלוח עד הבית',
    shekels(order.vatAgorot),
    shekels(order.totalAgorot),
    order.paidAt ? israelDateTime(order.paidAt) : '',
    order.transactionUid ?? '',
    order.documentUrl ?? '',
    shekels(order.refundedAgorot),
  ]
}

function lineCells(item: OrderItemRow): CsvCell[] {
  return [
    item.name,
    lineSizeName(item.size),
    item.quantity,
    shekels(item.unitPriceAgorot),
    shekels(lineTotalAgorot(item)),
  ]
}

export type OrdersExportRequest = OrderFilter & { lines: boolean }

export function ordersExportFileName(request: OrdersExportRequest, now: Date): string {
  const range = [request.from, request.to].filter(Boolean).join('_') || israelDateTime(now).slice(0, 10)
  return `orders-${range}${request.lines ? '-lines' : ''}.csv`
}

/** The file as a stream of text chunks: the header, then one batch of rows at a time. */
export async function* ordersCsv(
  repository: OrdersExportRepository,
  request: OrdersExportRequest,
): AsyncGenerator<string> {
  yield UTF8_BOM + csvLine(request.lines ? [...ORDER_COLUMNS, ...LINE_COLUMNS] : ORDER_COLUMNS)
  for await (const batch of repository.batches(request)) {
    let chunk = ''
    for (const order of batch) {
      const cells = orderCells(order)
      if (!request.lines) chunk += csvLine(cells)
      else for (const item of order.items) chunk += csvLine([...cells, ...lineCells(item)])
    }
    yield chunk
  }
}

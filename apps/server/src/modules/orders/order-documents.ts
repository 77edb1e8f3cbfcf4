import { toShekels, type OrderStatus, type OrderWithoutDocument } from '@tavlin/contracts'
import type { Logger } from '../../lib/logger.js'
import type { CallbackNotice, PaymentProvider } from '../payments/index.js'
import { formatOrderNumber } from './orders.mapper.js'
import type { RefundsRepository } from './refunds.repository.js'

const PAID_STATUSES: readonly OrderStatus[] = [
  'paid',
  'preparing',
  'shipped',
  'delivered',
  'refunded',
  'partially_refunded',
]
const WITHOUT_DOCUMENT_LIMIT = 200

/**
 * Receipts from PayPlus's invoice module (issue 18): the link is read from the provider's
 * own record of the transaction, never from the callback's claims, and kept on the order
 * before the payment is applied, so the order e-mail can carry it.
 */
export function createOrderDocuments(deps: {
  refunds: RefundsRepository
  provider: PaymentProvider
  isEnabled: boolean
  log: Logger
}) {
  return {
    async captureFromCallback(notice: CallbackNotice): Promise<void> {
      if (!deps.isEnabled || notice.statusCode !== '000') return
      try {
        const transaction = await deps.provider.lookUpTransaction({ transactionUid: notice.transactionUid })
        if (!transaction?.approved || !transaction.orderId || !transaction.documentUrl) return
        await deps.refunds.setDocumentUrl(transaction.orderId, transaction.documentUrl)
      } catch (error) {
        // The payment matters more than its receipt: the order is still applied.
        deps.log.warn({ err: error, transaction: notice.transactionUid }, 'receipt link not stored')
      }
    },

    async withoutDocument(): Promise<OrderWithoutDocument[]> {
      const rows = await deps.refunds.findWithoutDocument(PAID_STATUSES, WITHOUT_DOCUMENT_LIMIT)
      return rows.map((row) => ({
        _id: row.id,
        number: formatOrderNumber(row.number),
        total: toShekels(row.totalAgorot),
        paidAt: row.paidAt?.toISOString() ?? null,
      }))
    },
  }
}
export type OrderDocuments = ReturnType<typeof createOrderDocuments>

import crypto from 'node:crypto'
import { formatShekels, toAgorot, toShekels } from '@tavlin/contracts'
import type { SandboxRepository, SandboxTransaction } from './payplus-sandbox.repository.js'
import type { SandboxRefundsRepository } from './payplus-sandbox-refunds.repository.js'
import { renderDocumentPage, renderMessagePage } from './payplus-sandbox.page.js'
import type { SandboxDeps } from './payplus-sandbox.pay.js'
import { sendCallback } from './payplus-sandbox.return.js'
import type { SandboxReply } from './payplus-sandbox.service.js'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The sandbox's Transactions/RefundByTransactionUID (payplus.md §1.5): full or partial
 * amounts of an approved charge, never more than is left of it, a credit document when
 * `initial_invoice` is sent, and — PayPlus calls back for transactions "charged or refunded"
 * (§1.9) — a signed callback of `transaction_type` "Refund" to the page's callback address.
 */
export function createSandboxRefunds(
  deps: Pick<SandboxDeps, 'http' | 'log' | 'keys' | 'shopOrigin' | 'behaviour'> & {
    transactions: SandboxRepository
    refunds: SandboxRefundsRepository
    shopName: string
    baseUrl: string
  },
) {
  const documentUrl = (uid: string) => `${deps.baseUrl}/documents/${uid}`

  return {
    documentUrl,

    async refund(body: unknown): Promise<SandboxReply> {
      if (!isRecord(body)) return error(400, 'invalid-request-body')
      const transactionUid = typeof body.transaction_uid === 'string' ? body.transaction_uid : ''
      if (!transactionUid) return error(422, 'missing-transaction_uid')
      const amount = Number(body.amount)
      if (!Number.isFinite(amount) || amount <= 0) return error(422, 'invalid-amount')
      const charge = UUID.test(transactionUid)
        ? await deps.transactions.findTransaction(transactionUid)
        : null
      if (!charge) return error(422, 'transaction-not-found')
      if (charge.statusCode !== '000') return error(422, 'transaction-not-approved')
      const chargedAgorot = toAgorot(Number(charge.ipn.amount))
      const leftAgorot = chargedAgorot - (await deps.refunds.refundedAgorot(transactionUid))
      if (toAgorot(amount) > leftAgorot) return error(422, 'refund-amount-exceeds-transaction-amount')
      const refundUid = crypto.randomUUID()
      const hasDocument = body.initial_invoice === true
      const moreInfo = typeof body.more_info === 'string' ? body.more_info : ''
      await deps.refunds.insert({
        refundUid,
        transactionUid,
        amountAgorot: toAgorot(amount),
        hasDocument,
        moreInfo,
      })
      const transaction = {
        uid: refundUid,
        status_code: '000',
        status_description: 'הזיכוי בוצע בהצלחה',
        amount: toShekels(toAgorot(amount)),
        currency: 'ILS',
        type: 'Refund',
        more_info: moreInfo,
      }
      const invoice = hasDocument ? { invoice: { original_url: documentUrl(refundUid) } } : {}
      if (deps.behaviour.refundCallbacks) await callBackRefund(deps, charge, transaction, invoice)
      if (deps.behaviour.refundAnswerLost) return error(504, 'gateway-timeout')
      return {
        status: 200,
        body: {
          results: { status: 'success', code: 0, description: 'refund completed' },
          data: { transaction, ...invoice },
        },
      }
    },

    /** GET /documents/:uid — the receipt of a charge or the credit document of a refund. */
    async document(uid: string): Promise<{ status: number; html: string }> {
      const missing = { status: 404, html: renderMessagePage('המסמך לא נמצא', 'הקישור אינו תקף.') }
      if (!UUID.test(uid)) return missing
      const refund = await deps.refunds.findById(uid)
      const charge = await deps.transactions.findTransaction(refund?.transactionUid ?? uid)
      if (!charge || (refund ? !refund.hasDocument : !charge.ipn.invoice_original_url)) return missing
      const page = await deps.transactions.findPage(charge.pageRequestUid)
      const html = renderDocumentPage({
        kind: refund ? 'credit' : 'receipt',
        shopName: deps.shopName,
        number: (refund?.refundUid ?? uid).slice(0, 8).toUpperCase(),
        amount: formatShekels(refund ? toShekels(refund.amountAgorot) : Number(charge.ipn.amount)),
        date: (refund?.createdAt ?? charge.createdAt).toISOString().slice(0, 10),
        orderNumber: String(page?.request.more_info_1 ?? ''),
      })
      return { status: 200, html }
    },
  }
}
export type SandboxRefunds = ReturnType<typeof createSandboxRefunds>

type RefundsDeps = Parameters<typeof createSandboxRefunds>[0]

/** PayPlus calls back for refunds too (payplus.md §1.9): to the refunded page's own callback address. */
async function callBackRefund(
  deps: RefundsDeps,
  charge: SandboxTransaction,
  transaction: Record<string, unknown>,
  invoice: Record<string, unknown>,
) {
  const page = await deps.transactions.findPage(charge.pageRequestUid)
  await sendCallback(
    { http: deps.http, log: deps.log, secretKey: deps.keys.secretKey, shopOrigin: deps.shopOrigin },
    page?.request.refURL_callback,
    {
      transaction_type: 'Refund',
      transaction: {
        ...transaction,
        // The page the refunded charge was made on: a shop that looks only at it would take this for a payment.
        payment_page_request_uid: charge.pageRequestUid,
        original_transaction_uid: charge.transactionUid,
        date: new Date().toISOString(),
      },
      data: { customer_email: charge.ipn.customer_email ?? '' },
      ...invoice,
    },
  )
}

function error(status: number, description: string): SandboxReply {
  return { status, body: { results: { status: 'error', code: 1, description } } }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

import crypto from 'node:crypto'
import { toAgorot } from '@tavlin/contracts'
import { maskIdNumber } from '../../lib/masking.js'
import type {
  CallbackVerification,
  CardDetails,
  ProviderTransaction,
  RelatedTransaction,
  TransactionKind,
  TransactionRef,
} from './payment-provider.js'

/** PayPlus's answers and callbacks read into the port's shapes (payplus.md §1.4–§1.6). */
export type Envelope = {
  results?: { status?: string; code?: number; description?: string }
  data?: Record<string, unknown>
}

export function verifyCallback(
  secretKey: string,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): CallbackVerification {
  const given = Buffer.from(headerOf(headers, 'hash') ?? '', 'base64')
  if (given.length === 0) return { ok: false, reason: 'signature' }
  let parsed: unknown
  try {
    parsed = JSON.parse(rawBody.toString('utf8'))
  } catch {
    parsed = undefined
  }
  // PayPlus's own plugin hashes the raw bytes; the docs' sample hashes the
  // re-serialised JSON. Either is accepted (payplus.md open question 1).
  const candidates = [rawBody]
  if (parsed !== undefined) candidates.push(Buffer.from(JSON.stringify(parsed), 'utf8'))
  const valid = candidates.some((bytes) => safeEqual(given, hmac(secretKey, bytes)))
  if (!valid) return { ok: false, reason: 'signature' }
  if (!isRecord(parsed) || !isRecord(parsed.transaction)) return { ok: false, reason: 'malformed' }
  const transaction = parsed.transaction
  const data = isRecord(parsed.data) ? parsed.data : {}
  const transactionUid = str(transaction.uid) ?? str(transaction.transaction_uid)
  if (!transactionUid) return { ok: false, reason: 'malformed' }
  const card = isRecord(data.card_information) ? data.card_information : null
  return {
    ok: true,
    notice: {
      transactionUid,
      kind: kindOf(parsed.transaction_type ?? transaction.type),
      // The plugins read payment_page_request_uid, the docs' example payment_request_uid (open question 2).
      pageRequestUid: str(transaction.payment_page_request_uid) ?? str(transaction.payment_request_uid),
      statusCode: str(transaction.status_code) ?? '',
      orderId: str(transaction.more_info),
      card: card
        ? cardOf({
            card_holder_name: card.card_holder_name,
            identification_number: card.identification_number,
            brand_id: card.brand_id,
            brand_name: card.brand_name,
            four_digits: card.four_digits,
            approval_num: transaction.approval_number,
          })
        : null,
    },
  }
}

export function transactionOf(envelope: Envelope, ref: TransactionRef): ProviderTransaction | null {
  const data = envelope.data
  if (envelope.results?.status !== 'success' || !isRecord(data)) return null
  const transactionUid = str(data.transaction_uid)
  if (!transactionUid) return null
  const statusCode = str(data.status_code) ?? ''
  return {
    transactionUid,
    pageRequestUid: str(data.page_request_uid) ?? str(data.payment_request_uid) ?? ref.pageRequestUid ?? null,
    kind: kindOf(data.type),
    approved: isApproved(data),
    method: str(data.alternative_method_name) ?? str(data.method),
    related: Array.isArray(data.related_transactions)
      ? data.related_transactions.filter(isRecord).flatMap(relatedOf)
      : [],
    statusCode,
    amountAgorot: toAgorot(Number(data.amount)),
    currency: str(data.currency) ?? '',
    orderId: str(data.more_info),
    card:
      data.four_digits !== undefined
        ? cardOf({ ...data, card_holder_name: data.card_holder_name ?? data.customer_name })
        : null,
    // Flat invoice_* fields when the invoice module is on (seen in redirects and ipn-full).
    documentUrl: str(data.invoice_original_url),
  }
}

/** `Charge` (and a look-up that names none) is money taken; any refund type gives it back. */
function kindOf(type: unknown): TransactionKind {
  if (type === undefined || type === null || type === '') return 'charge'
  const name = String(type).toLowerCase()
  if (name.includes('refund')) return 'refund'
  return name === 'charge' ? 'charge' : 'other'
}

function isApproved(data: Record<string, unknown>): boolean {
  return str(data.status_code) === '000' && (data.status === undefined || data.status === 'approved')
}

function relatedOf(data: Record<string, unknown>): RelatedTransaction[] {
  const transactionUid = str(data.transaction_uid) ?? str(data.uid)
  if (!transactionUid) return []
  return [
    {
      transactionUid,
      kind: kindOf(data.type),
      approved: isApproved(data),
      amountAgorot: toAgorot(Number(data.amount) || 0),
      moreInfo: str(data.more_info),
      method: str(data.alternative_method_name) ?? str(data.method),
    },
  ]
}

export function signPayPlusBody(secretKey: string, body: Buffer | string): string {
  return hmac(secretKey, Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8')).toString('base64')
}

function hmac(secretKey: string, bytes: Buffer): Buffer {
  return crypto.createHmac('sha256', secretKey).update(bytes).digest()
}

function safeEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && crypto.timingSafeEqual(a, b)
}

/** Brand by name only: PayPlus's brand_id values conflict between captures (payplus.md §1.7). */
function cardOf(source: Record<string, unknown>): CardDetails {
  const brandId = source.brand_id
  return {
    cardHolderName: str(source.card_holder_name) ?? '',
    maskedIdNumber: maskIdNumber(str(source.identification_number)),
    brandId: typeof brandId === 'number' || typeof brandId === 'string' ? brandId : null,
    brandName: str(source.brand_name) ?? '',
    fourDigits: str(source.four_digits) ?? '',
    approvalNumber: str(source.approval_num) ?? str(source.approval_number),
  }
}

function headerOf(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name]
  return Array.isArray(value) ? value[0] : value
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function str(value: unknown): string | null {
  if (typeof value === 'string' && value.length > 0) return value
  if (typeof value === 'number') return String(value)
  return null
}

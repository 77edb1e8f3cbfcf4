import crypto from 'node:crypto'
import { priceOrder, toAgorot, toShekels } from '@tavlin/contracts'
import { maskIdNumber } from '../../lib/masking.js'
import {
  PaymentProviderError,
  type CallbackVerification,
  type CardDetails,
  type HttpFetch,
  type PaymentPage,
  type PaymentPageRequest,
  type PaymentProvider,
  type ProviderTransaction,
  type RefundRequest,
  type RefundResult,
  type TransactionRef,
} from './payment-provider.js'

export type PayPlusSettings = {
  apiUrl: string
  apiKey: string
  secretKey: string
  pageUid: string
  /** The account's invoice module issues receipts and credit documents (payplus.md §1.3). */
  invoiceModule?: boolean
}

type Envelope = {
  results?: { status?: string; code?: number; description?: string }
  data?: Record<string, unknown>
}

const REQUEST_TIMEOUT_MS = 10_000

/** PayPlus REST API v1.0, as shared/payplus.md describes it. Runs unchanged against the sandbox. */
export function createPayPlusProvider(settings: PayPlusSettings, http: HttpFetch = fetch): PaymentProvider {
  const post = (path: string, body: unknown) => postToPayPlus(settings, http, path, body)
  return {
    name: 'payplus',

    async createPaymentPage(request: PaymentPageRequest): Promise<PaymentPage> {
      const { envelope } = await post('PaymentPages/generateLink', generateLinkBody(settings, request))
      const data = envelope.data ?? {}
      const link = str(data.payment_page_link)
      const uid = str(data.page_request_uid)
      if (envelope.results?.status !== 'success' || !link || !uid) {
        throw new PaymentProviderError(
          `PayPlus generateLink refused: ${envelope.results?.description ?? 'no payment_page_link in the answer'}`,
        )
      }
      return { pageRequestUid: uid, paymentLink: link }
    },

    verifyCallback: (rawBody, headers) => verifyCallback(settings.secretKey, rawBody, headers),

    async lookUpTransaction(ref: TransactionRef): Promise<ProviderTransaction | null> {
      if (!ref.transactionUid && !ref.pageRequestUid)
        throw new Error('a transaction uid or a page request uid is needed')
      const body: Record<string, unknown> = ref.transactionUid
        ? { transaction_uid: ref.transactionUid }
        : { payment_request_uid: ref.pageRequestUid }
      const { envelope } = await post('PaymentPages/ipn', body)
      return transactionOf(envelope, ref)
    },

    async refund(request: RefundRequest): Promise<RefundResult> {
      const { envelope } = await post('Transactions/RefundByTransactionUID', {
        transaction_uid: request.transactionUid,
        amount: toShekels(request.amountAgorot),
        more_info: request.orderId,
        ...(settings.invoiceModule ? { initial_invoice: true } : {}),
      })
      return refundResultOf(envelope)
    },
  }
}

/** Success is results.status "success" and data.transaction.status_code "000" (WOO process_refund). */
function refundResultOf(envelope: Envelope): RefundResult {
  const data = isRecord(envelope.data) ? envelope.data : {}
  const transaction = isRecord(data.transaction) ? data.transaction : {}
  const statusCode = str(transaction.status_code)
  if (envelope.results?.status !== 'success' || statusCode !== '000') {
    return {
      ok: false,
      reason: envelope.results?.description ?? str(transaction.status_description) ?? `status ${statusCode}`,
    }
  }
  const invoice = isRecord(data.invoice) ? data.invoice : {}
  return {
    ok: true,
    transactionUid: str(transaction.uid) ?? str(transaction.transaction_uid) ?? '',
    documentUrl: str(invoice.original_url) ?? str(data.invoice_original_url),
  }
}

async function postToPayPlus(
  settings: PayPlusSettings,
  http: HttpFetch,
  path: string,
  body: unknown,
): Promise<{ status: number; envelope: Envelope }> {
  let response: Response
  try {
    response = await http(new URL(path, settings.apiUrl), {
      method: 'POST',
      // The documented header pair (payplus.md §1.2).
      headers: {
        'content-type': 'application/json',
        'api-key': settings.apiKey,
        'secret-key': settings.secretKey,
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
  } catch (error) {
    throw new PaymentProviderError(`PayPlus ${path}: ${(error as Error).message}`, error)
  }
  const text = await response.text()
  let envelope: Envelope
  try {
    envelope = text ? (JSON.parse(text) as Envelope) : {}
  } catch {
    throw new PaymentProviderError(`PayPlus ${path}: HTTP ${response.status}, not JSON`)
  }
  if (response.status === 401 || response.status === 403 || response.status >= 500) {
    throw new PaymentProviderError(
      `PayPlus ${path}: HTTP ${response.status} ${envelope.results?.description ?? ''}`,
    )
  }
  return { status: response.status, envelope }
}

function generateLinkBody(settings: PayPlusSettings, request: PaymentPageRequest) {
  const shipping =
    request.shippingAgorot > 0 || request.shippingName
      ? [{ name: request.shippingName ?? 'משלוח', quantity: 1, unitPriceAgorot: request.shippingAgorot }]
      : []
  const discountAgorot = request.discount?.agorot ?? 0
  // PayPlus takes a coupon as a row of negative price (payplus.md §1.3, as its WooCommerce plugin sends it).
  const discountRows =
    request.discount && discountAgorot > 0 ? [{ name: request.discount.name, quantity: 1 }] : []
  // The amount is the rows' sum, made by the money module, so the two can never disagree (payplus.md open question 5).
  const { totalAgorot: amountAgorot } = priceOrder({
    lines: [...request.items, ...shipping],
    shippingAgorot: 0,
    discountAgorot,
    vatRate: 0,
  })
  const rows = [
    ...[...request.items, ...shipping].map((row) => ({ ...row, price: toShekels(row.unitPriceAgorot) })),
    ...discountRows.map((row) => ({ ...row, price: -toShekels(discountAgorot) })),
  ]
  return {
    payment_page_uid: settings.pageUid,
    charge_method: 1,
    amount: toShekels(amountAgorot),
    currency_code: 'ILS',
    language_code: 'he',
    sendEmailApproval: false,
    sendEmailFailure: false,
    expiry_datetime: String(request.expiryMinutes),
    refURL_success: request.urls.success,
    refURL_failure: request.urls.failure,
    refURL_callback: request.urls.callback,
    send_failure_callback: true,
    more_info: request.orderId,
    more_info_1: request.orderNumber,
    ...(settings.invoiceModule ? { initial_invoice: true } : {}),
    customer: {
      customer_name: request.customer.name,
      email: request.customer.email,
      phone: request.customer.phone,
      address: request.customer.address,
      city: request.customer.city,
      postal_code: request.customer.postalCode ?? '',
      country_iso: 'IL',
    },
    items: rows.map((row) => ({ name: row.name, quantity: row.quantity, price: row.price, vat_type: 0 })),
  }
}

function verifyCallback(
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

function transactionOf(envelope: Envelope, ref: TransactionRef): ProviderTransaction | null {
  const data = envelope.data
  if (envelope.results?.status !== 'success' || !isRecord(data)) return null
  const transactionUid = str(data.transaction_uid)
  if (!transactionUid) return null
  const statusCode = str(data.status_code) ?? ''
  return {
    transactionUid,
    pageRequestUid: str(data.page_request_uid) ?? str(data.payment_request_uid) ?? ref.pageRequestUid ?? null,
    approved: statusCode === '000' && (data.status === undefined || data.status === 'approved'),
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function str(value: unknown): string | null {
  if (typeof value === 'string' && value.length > 0) return value
  if (typeof value === 'number') return String(value)
  return null
}

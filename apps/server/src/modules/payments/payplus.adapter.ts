import { toShekels } from '@tavlin/contracts'
import {
  PaymentProviderError,
  type HttpFetch,
  type PaymentPage,
  type PaymentPageRequest,
  type PaymentProvider,
  type ProviderTransaction,
  type RefundRequest,
  type RefundResult,
  type TransactionRef,
} from './payment-provider.js'
import { isRecord, str, transactionOf, verifyCallback, type Envelope } from './payplus.answers.js'
import { generateLinkBody } from './payplus.link.js'

export { signPayPlusBody } from './payplus.answers.js'

export type PayPlusSettings = {
  apiUrl: string
  apiKey: string
  secretKey: string
  pageUid: string
  /** The account's invoice module issues receipts and credit documents (payplus.md §1.3). */
  invoiceModule?: boolean
  /** The header forms sent; both unless the account check tries one at a time. */
  headerForms?: HeaderForms
}

export type HeaderForms = 'both' | 'json' | 'pair'

const REQUEST_TIMEOUT_MS = 10_000

/** PayPlus REST API v1.0, as shared/payplus.md describes it. Runs unchanged against the sandbox. */
export function createPayPlusProvider(settings: PayPlusSettings, http: HttpFetch = fetch): PaymentProvider {
  const post = (path: string, body: unknown) => callPayPlus(settings, http, path, body)
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
      // related_transaction: the page's other attempts and parts, and the charge's refunds (payplus.md §1.5).
      const body: Record<string, unknown> = ref.transactionUid
        ? { transaction_uid: ref.transactionUid, related_transaction: true }
        : { payment_request_uid: ref.pageRequestUid, related_transaction: true }
      const { envelope } = await post('PaymentPages/ipn', body)
      return transactionOf(envelope, ref)
    },

    async refund(request: RefundRequest): Promise<RefundResult> {
      const { envelope } = await post('Transactions/RefundByTransactionUID', {
        transaction_uid: request.transactionUid,
        amount: toShekels(request.amountAgorot),
        more_info: request.reference,
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

/** One call to PayPlus: a POST with a JSON body, or a GET when there is no body. */
export async function callPayPlus(
  settings: PayPlusSettings,
  http: HttpFetch,
  path: string,
  body?: unknown,
): Promise<{ status: number; envelope: Envelope }> {
  let response: Response
  try {
    response = await http(new URL(path, settings.apiUrl), {
      method: body === undefined ? 'GET' : 'POST',
      headers: authHeaders(settings, settings.headerForms),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
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

/**
 * The JSON `Authorization` header every PayPlus client sends, and the pair its docs show
 * beside it (payplus.md §1.2): an account that honours only one form still answers.
 */
export function authHeaders(
  settings: Pick<PayPlusSettings, 'apiKey' | 'secretKey'>,
  forms: HeaderForms = 'both',
): Record<string, string> {
  return {
    'content-type': 'application/json',
    ...(forms !== 'pair'
      ? { authorization: JSON.stringify({ api_key: settings.apiKey, secret_key: settings.secretKey }) }
      : {}),
    ...(forms !== 'json' ? { 'api-key': settings.apiKey, 'secret-key': settings.secretKey } : {}),
  }
}

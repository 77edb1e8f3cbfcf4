import crypto from 'node:crypto'
import { toShekels } from '@tavlin/contracts'
import type { Logger } from '../../lib/logger.js'
import { maskIdNumber } from '../../lib/masking.js'
import { brandOf, isExpiryInFuture, isIsraeliIdValid, isLuhnValid } from './card-checks.js'
import type { HttpFetch } from './payment-provider.js'
import { signPayPlusBody } from './payplus.adapter.js'
import {
  renderCardPage,
  renderMessagePage,
  type CardFormErrors,
  type CardFormValues,
} from './payplus-sandbox.page.js'
import type { SandboxRepository } from './payplus-sandbox.repository.js'

/** The two test cards of DESIGN §3. */
export const SANDBOX_CARDS = { approved: '4580000000000000', declined: '4000000000000002' } as const

export type SandboxDeps = {
  repository: SandboxRepository
  keys: { apiKey: string; secretKey: string; pageUid: string }
  shopName: string
  /** Public address of the sandbox, e.g. https://shop.example/sandbox/payplus */
  baseUrl: string
  http: HttpFetch
  log: Logger
}
export type PageReply =
  { kind: 'html'; status: number; html: string } | { kind: 'redirect'; location: string }
type StoredPage = { request: Record<string, unknown>; amountAgorot: number }
type Payment = ReturnType<typeof chargeCard>

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const CALLBACK_TIMEOUT_MS = 5_000

/** The payment page a customer is sent to; gone or already paid pages say so. */
export async function showPage(deps: SandboxDeps, pageRequestUid: string): Promise<PageReply> {
  const found = UUID.test(pageRequestUid) ? await deps.repository.findPage(pageRequestUid) : null
  if (!found) return pageNotFound()
  const previous = await deps.repository.findTransactionsOfPage(pageRequestUid)
  if (previous.some((row) => row.statusCode === '000')) return alreadyPaid()
  return { kind: 'html', status: 200, html: cardPage(deps, found, pageRequestUid) }
}

/**
 * The card form sent: the test cards of DESIGN §3 approve or decline, the transaction is
 * stored for the IPN look-up, the callback is signed and sent, the customer redirected
 * with PayPlus's flat parameters.
 */
export async function pay(
  deps: SandboxDeps,
  pageRequestUid: string,
  form: Partial<CardFormValues>,
  now: Date,
): Promise<PageReply> {
  const found = UUID.test(pageRequestUid) ? await deps.repository.findPage(pageRequestUid) : null
  if (!found) return pageNotFound()
  const previous = await deps.repository.findTransactionsOfPage(pageRequestUid)
  if (previous.some((row) => row.statusCode === '000')) return alreadyPaid()
  const values = normalise(form)
  const errors = validate(values, now)
  if (Object.keys(errors).length > 0) {
    return { kind: 'html', status: 400, html: cardPage(deps, found, pageRequestUid, values, errors) }
  }
  const payment = chargeCard(found, pageRequestUid, values, deps.baseUrl)
  const { transactionUid, statusCode, ipn } = payment
  await deps.repository.insertTransaction({ transactionUid, pageRequestUid, statusCode, ipn })
  const request = found.request
  const callbackUrl = typeof request.refURL_callback === 'string' ? request.refURL_callback : undefined
  if (callbackUrl && (payment.approved || request.send_failure_callback === true)) {
    await sendCallback(deps, callbackUrl, callbackPayload(payment, request, now))
  }
  return redirectAfterPayment(payment, request)
}

/** The transaction as PayPlus's IPN answers it. */
function chargeCard(found: StoredPage, pageRequestUid: string, values: CardFormValues, baseUrl: string) {
  const approved = values.card_number === SANDBOX_CARDS.approved
  const statusCode = approved ? '000' : '004'
  const transactionUid = crypto.randomUUID()
  const brand = brandOf(values.card_number)
  const number = String(Date.now()).slice(-9)
  const customer = isRecord(found.request.customer) ? found.request.customer : {}
  const ipn = {
    status: approved ? 'approved' : 'rejected',
    status_code: statusCode,
    status_description: approved ? 'העסקה בוצעה בהצלחה' : 'העסקה נדחתה',
    transaction_uid: transactionUid,
    page_request_uid: pageRequestUid,
    type: 'Charge',
    method: 'credit-card',
    number,
    amount: toShekels(found.amountAgorot),
    currency: 'ILS',
    approval_num: approved ? String(crypto.randomInt(100000, 999999)) : '',
    voucher_num: approved ? `${number}-01` : '',
    four_digits: values.card_number.slice(-4),
    expiry_month: values.expiry_month.padStart(2, '0'),
    expiry_year: values.expiry_year.slice(-2),
    brand_name: brand.name,
    issuer_name: brand.name,
    clearing_name: brand.name,
    customer_name: values.card_holder_name,
    identification_number: maskIdNumber(values.identification_number),
    more_info: String(found.request.more_info ?? ''),
    number_of_payments: 1,
    credit_terms: 'regular',
    // The invoice module's receipt, served by the sandbox at /documents/<uid>.
    ...(approved && found.request.initial_invoice === true
      ? { invoice_original_url: `${baseUrl}/documents/${transactionUid}` }
      : {}),
  }
  const customerEmail = typeof customer.email === 'string' ? customer.email : ''
  return { approved, statusCode, transactionUid, brand, values, customerEmail, ipn }
}

/** The signed server-to-server notice (payplus.md §1.5). */
function callbackPayload(payment: Payment, request: Record<string, unknown>, now: Date) {
  const { ipn, values, brand } = payment
  return {
    transaction_type: 'Charge',
    transaction: {
      uid: payment.transactionUid,
      payment_page_request_uid: ipn.page_request_uid,
      status_code: payment.statusCode,
      amount: ipn.amount,
      currency: 'ILS',
      number: ipn.number,
      approval_number: ipn.approval_num,
      voucher_number: ipn.voucher_num,
      credit_terms: 'regular',
      payments: { number_of_payments: 1, first_payment_amount: ipn.amount, rest_payments_amount: 0 },
      more_info: ipn.more_info,
      more_info_1: String(request.more_info_1 ?? ''),
      date: now.toISOString(),
      type: 'payment_page',
    },
    data: {
      customer_email: payment.customerEmail,
      items: request.items,
      card_information: {
        card_holder_name: values.card_holder_name,
        four_digits: ipn.four_digits,
        expiry_month: ipn.expiry_month,
        expiry_year: ipn.expiry_year,
        brand_id: brand.id,
        brand_name: brand.name,
        card_bin: values.card_number.slice(0, 6),
        identification_number: ipn.identification_number,
      },
    },
  }
}

function redirectAfterPayment(payment: Payment, request: Record<string, unknown>): PageReply {
  const { ipn, approved } = payment
  const target = approved ? request.refURL_success : request.refURL_failure
  if (typeof target !== 'string') {
    return approved
      ? { kind: 'html', status: 200, html: renderMessagePage('התשלום התקבל', 'תודה! אפשר לסגור את החלון.') }
      : { kind: 'html', status: 200, html: renderMessagePage('התשלום נדחה', 'חברת האשראי סירבה לעסקה.') }
  }
  // Flat parameters, as PayPlus appends them to the redirect (payplus.md §1.6).
  const redirect = new URL(target)
  const flat: Record<string, string> = {
    transaction_uid: payment.transactionUid,
    page_request_uid: ipn.page_request_uid,
    status: ipn.status,
    status_code: payment.statusCode,
    status_description: ipn.status_description,
    type: 'Charge',
    method: 'credit-card',
    number: ipn.number,
    amount: String(ipn.amount),
    currency: 'ILS',
    approval_num: ipn.approval_num,
    voucher_num: ipn.voucher_num,
    more_info: ipn.more_info,
    customer_email: payment.customerEmail,
    four_digits: ipn.four_digits,
    expiry_month: ipn.expiry_month,
    expiry_year: ipn.expiry_year,
    brand_id: String(payment.brand.id),
    brand_name: payment.brand.name,
    card_holder_name: payment.values.card_holder_name,
    identification_number: ipn.identification_number,
  }
  for (const [key, value] of Object.entries(flat)) redirect.searchParams.set(key, value)
  return { kind: 'redirect', location: redirect.toString() }
}

async function sendCallback(deps: SandboxDeps, url: string, payload: unknown): Promise<void> {
  const body = JSON.stringify(payload)
  try {
    const response = await deps.http(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'PayPlus',
        hash: signPayPlusBody(deps.keys.secretKey, body),
      },
      body,
      signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
    })
    if (!response.ok)
      deps.log.warn({ url, status: response.status }, 'sandbox: callback answered with an error')
    await response.arrayBuffer()
  } catch (error) {
    deps.log.warn({ url, err: error }, 'sandbox: callback not delivered')
  }
}

function cardPage(
  deps: SandboxDeps,
  found: StoredPage,
  pageRequestUid: string,
  values?: CardFormValues,
  errors?: CardFormErrors,
): string {
  return renderCardPage({
    shopName: deps.shopName,
    orderNumber: String(found.request.more_info_1 ?? found.request.more_info ?? ''),
    amount: toShekels(found.amountAgorot),
    action: `${deps.baseUrl}/pay/${pageRequestUid}`,
    ...(values ? { values } : {}),
    ...(errors ? { errors, notice: 'יש לתקן את השדות המסומנים' } : {}),
  })
}

function pageNotFound(): PageReply {
  return { kind: 'html', status: 404, html: renderMessagePage('דף התשלום לא נמצא', 'הקישור אינו תקף.') }
}

function alreadyPaid(): PageReply {
  return { kind: 'html', status: 409, html: renderMessagePage('התשלום כבר בוצע', 'הזמנה זו כבר שולמה.') }
}

function normalise(form: Partial<CardFormValues>): CardFormValues {
  const digits = (value: unknown) => String(value ?? '').replace(/[\s-]/g, '')
  return {
    card_number: digits(form.card_number),
    card_holder_name: String(form.card_holder_name ?? '').trim(),
    identification_number: digits(form.identification_number),
    expiry_month: digits(form.expiry_month),
    expiry_year: digits(form.expiry_year),
    cvv: digits(form.cvv),
  }
}

function validate(values: CardFormValues, now: Date): CardFormErrors {
  const errors: CardFormErrors = {}
  if (!isLuhnValid(values.card_number)) errors.card_number = 'מספר הכרטיס אינו תקין'
  if (values.card_holder_name.length < 2) errors.card_holder_name = 'יש להזין את שם בעל הכרטיס'
  if (!isIsraeliIdValid(values.identification_number))
    errors.identification_number = 'מספר תעודת הזהות אינו תקין'
  if (!/^\d{1,2}$/.test(values.expiry_month) || !/^(\d{2}|\d{4})$/.test(values.expiry_year)) {
    errors.expiry_month = 'תוקף הכרטיס אינו תקין'
  } else if (!isExpiryInFuture(Number(values.expiry_month), Number(values.expiry_year), now)) {
    errors.expiry_month = 'תוקף הכרטיס פג'
  }
  if (!/^\d{3,4}$/.test(values.cvv)) errors.cvv = 'קוד האבטחה (CVV) אינו תקין'
  return errors
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

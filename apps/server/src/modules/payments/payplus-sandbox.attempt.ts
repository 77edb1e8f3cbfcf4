import crypto from 'node:crypto'
import { toShekels } from '@tavlin/contracts'
import type { SandboxPage } from './payplus-sandbox.repository.js'
import { isRecord, type SandboxDeps } from './payplus-sandbox.pages.js'
import { returnTo, sendCallback, type PageReply } from './payplus-sandbox.return.js'

export type Attempt = { transactionUid: string; approved: boolean; ipn: Record<string, unknown> }

/** One transaction as PayPlus's look-up answers it (payplus.md §1.5), flat. */
export function attempt(
  page: SandboxPage,
  spec: {
    approved: boolean
    amountAgorot: number
    method: 'credit-card' | 'bit'
    alternative: string | null
    card: Record<string, string | number> | null
    payments: number
    isMultiple: boolean
  },
  documentsBase: string,
): Attempt {
  const transactionUid = crypto.randomUUID()
  const number = String(crypto.randomInt(100_000_000, 999_999_999))
  const customer = isRecord(page.request.customer) ? page.request.customer : {}
  const ipn: Record<string, unknown> = {
    status: spec.approved ? 'approved' : 'rejected',
    status_code: spec.approved ? '000' : '004',
    status_description: spec.approved ? 'העסקה בוצעה בהצלחה' : 'העסקה נדחתה',
    transaction_uid: transactionUid,
    page_request_uid: page.pageRequestUid,
    type: 'Charge',
    method: spec.method,
    ...(spec.alternative ? { alternative_method_name: spec.alternative } : {}),
    is_multiple_transaction: spec.isMultiple,
    number,
    amount: toShekels(spec.amountAgorot),
    currency: 'ILS',
    ...(spec.approved ? approvedFields(number) : { approval_num: '', voucher_num: '' }),
    ...(spec.card ?? {}),
    customer_name: spec.card?.card_holder_name ?? customer.customer_name ?? '',
    customer_email: typeof customer.email === 'string' ? customer.email : '',
    more_info: String(page.request.more_info ?? ''),
    more_info_1: String(page.request.more_info_1 ?? ''),
    number_of_payments: spec.payments,
    credit_terms: spec.payments > 1 ? 'payments' : 'regular',
  }
  if (spec.approved) Object.assign(ipn, receiptOf(page, transactionUid, documentsBase))
  return { transactionUid, approved: spec.approved, ipn }
}

/** The invoice module's receipt, served by the sandbox at /documents/<uid>. */
export function receiptOf(page: SandboxPage, transactionUid: string, documentsBase: string) {
  return page.request.initial_invoice === true
    ? { invoice_original_url: `${documentsBase}/documents/${transactionUid}` }
    : {}
}

export function approvedFields(number: string) {
  return { approval_num: String(crypto.randomInt(100000, 999999)), voucher_num: `${number}-01` }
}

/** Stores the attempts, calls back, and sends the shopper back. */
export async function finish(
  deps: SandboxDeps,
  page: SandboxPage,
  attempts: Attempt[],
  now: Date,
): Promise<PageReply> {
  for (const [index, one] of attempts.entries()) {
    await deps.repository.insertTransaction({
      transactionUid: one.transactionUid,
      pageRequestUid: page.pageRequestUid,
      statusCode: String(one.ipn.status_code),
      ipn: one.ipn,
      // The parts of one payment in the order they were made: the look-up answers the latest.
      createdAt: new Date(now.getTime() + index),
    })
  }
  return after(deps, page, attempts, now)
}

export async function after(
  deps: SandboxDeps,
  page: SandboxPage,
  attempts: Attempt[],
  now: Date,
): Promise<PageReply> {
  const request = page.request
  for (const one of attempts) {
    // Callbacks for successes only, unless the link asked for failures too (payplus.md §1.4).
    if (one.approved || request.send_failure_callback === true) {
      await sendCallback(
        { http: deps.http, log: deps.log, secretKey: deps.keys.secretKey, shopOrigin: deps.shopOrigin },
        request.refURL_callback,
        callbackPayload(one, request, now),
      )
    }
  }
  const last = attempts[attempts.length - 1]!
  const approved = attempts.every((one) => one.approved)
  return returnTo(approved ? request.refURL_success : request.refURL_failure, flatOf(last), {
    shopOrigin: deps.shopOrigin,
    behaviour: deps.behaviour,
    scriptUrl: `${deps.baseUrl}/return.js`,
    approved,
  })
}

/** The signed notice's body, nested as PayPlus sends it (payplus.md §1.4). */
function callbackPayload(one: Attempt, request: Record<string, unknown>, now: Date) {
  const { ipn } = one
  return {
    transaction_type: 'Charge',
    transaction: {
      uid: one.transactionUid,
      payment_page_request_uid: ipn.page_request_uid,
      status_code: ipn.status_code,
      amount: ipn.amount,
      currency: 'ILS',
      number: ipn.number,
      approval_number: ipn.approval_num,
      voucher_number: ipn.voucher_num,
      credit_terms: ipn.credit_terms,
      payments: {
        number_of_payments: ipn.number_of_payments,
        first_payment_amount: ipn.amount,
        rest_payments_amount: 0,
      },
      more_info: ipn.more_info,
      more_info_1: String(request.more_info_1 ?? ''),
      date: now.toISOString(),
      type: 'payment_page',
      ...(ipn.alternative_method_name ? { alternative_method_name: ipn.alternative_method_name } : {}),
    },
    data: {
      customer_email: ipn.customer_email,
      items: request.items,
      ...(ipn.four_digits !== undefined
        ? {
            card_information: {
              card_holder_name: ipn.card_holder_name,
              four_digits: ipn.four_digits,
              expiry_month: ipn.expiry_month,
              expiry_year: ipn.expiry_year,
              brand_id: ipn.brand_id,
              brand_name: ipn.brand_name,
              card_bin: ipn.card_bin,
              identification_number: ipn.identification_number,
            },
          }
        : {}),
    },
  }
}

/** The flat parameters PayPlus appends to the return (payplus.md §1.6). */
function flatOf(one: Attempt): Record<string, string> {
  const flat: Record<string, string> = {}
  const keys = [
    'transaction_uid',
    'page_request_uid',
    'is_multiple_transaction',
    'status',
    'status_code',
    'status_description',
    'type',
    'method',
    'alternative_method_name',
    'number',
    'amount',
    'currency',
    'approval_num',
    'voucher_num',
    'more_info',
    'customer_email',
    'customer_name',
    'four_digits',
    'expiry_month',
    'expiry_year',
    'brand_id',
    'brand_name',
    'card_holder_name',
    'card_bin',
    'identification_number',
    'number_of_payments',
    'credit_terms',
  ]
  for (const key of keys) {
    const value = one.ipn[key]
    if (value !== undefined && value !== null) flat[key] = String(value)
  }
  return flat
}

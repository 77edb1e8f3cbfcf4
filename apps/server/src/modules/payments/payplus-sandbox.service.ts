import crypto from 'node:crypto'
import { toAgorot, toShekels } from '@tavlin/contracts'
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

type Envelope = {
  results: { status: 'success' | 'error'; code: number; description: string }
  data?: unknown
}
export type SandboxReply = { status: number; body: Envelope }
export type PageReply =
  { kind: 'html'; status: number; html: string } | { kind: 'redirect'; location: string }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const CALLBACK_TIMEOUT_MS = 5_000

/**
 * A local stand-in for PayPlus (DESIGN §3): the same endpoints, shapes and
 * checks as shared/payplus.md, so the real adapter runs end to end without an account.
 */
export function createPayPlusSandbox(deps: {
  repository: SandboxRepository
  keys: { apiKey: string; secretKey: string; pageUid: string }
  shopName: string
  /** Public address of the sandbox, e.g. https://shop.example/sandbox/payplus */
  baseUrl: string
  http: HttpFetch
  log: Logger
}) {
  const { repository, keys } = deps

  function authorized(headers: Record<string, string | string[] | undefined>): boolean {
    if (headers['api-key'] === keys.apiKey && headers['secret-key'] === keys.secretKey) return true
    // The JSON Authorization form PayPlus's own plugins send (payplus.md §1.2).
    const authorization = headers.authorization
    if (typeof authorization !== 'string') return false
    try {
      const parsed = JSON.parse(authorization) as { api_key?: unknown; secret_key?: unknown }
      return parsed.api_key === keys.apiKey && parsed.secret_key === keys.secretKey
    } catch {
      return false
    }
  }

  async function sendCallback(url: string, payload: unknown): Promise<void> {
    const body = JSON.stringify(payload)
    try {
      const response = await deps.http(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'PayPlus',
          hash: signPayPlusBody(keys.secretKey, body),
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

  return {
    authorized,

    async generateLink(body: unknown): Promise<SandboxReply> {
      if (!isRecord(body)) return error(400, 'invalid-request-body')
      for (const field of ['payment_page_uid', 'amount', 'currency_code']) {
        if (body[field] === undefined || body[field] === null || body[field] === '')
          return error(422, `missing-${field}`)
      }
      if (body.payment_page_uid !== keys.pageUid) return error(422, 'can-not-find-payment-page')
      const amount = Number(body.amount)
      if (!Number.isFinite(amount) || amount <= 0) return error(422, 'invalid-amount')
      if (body.currency_code !== 'ILS') return error(422, 'invalid-currency_code')
      const items = Array.isArray(body.items) ? body.items : []
      if (items.length === 0) return error(422, 'missing-items')
      let itemsAgorot = 0
      for (const item of items) {
        if (
          !isRecord(item) ||
          typeof item.name !== 'string' ||
          !Number.isFinite(Number(item.price)) ||
          !(Number(item.quantity) > 0)
        ) {
          return error(422, 'invalid-items')
        }
        itemsAgorot += toAgorot(Number(item.price)) * Number(item.quantity)
      }
      if (itemsAgorot !== toAgorot(amount)) return error(422, 'amount-does-not-match-items')
      const pageRequestUid = crypto.randomUUID()
      await repository.insertPage({ pageRequestUid, request: body, amountAgorot: toAgorot(amount) })
      return {
        status: 200,
        body: {
          results: { status: 'success', code: 0, description: 'payment page link is been generated' },
          data: {
            page_request_uid: pageRequestUid,
            payment_page_link: `${deps.baseUrl}/pay/${pageRequestUid}`,
            qr_code_image: `${deps.baseUrl}/pay/${pageRequestUid}`,
          },
        },
      }
    },

    async ipn(body: unknown): Promise<SandboxReply> {
      if (!isRecord(body)) return error(400, 'invalid-request-body')
      const transactionUid = typeof body.transaction_uid === 'string' ? body.transaction_uid : undefined
      const pageRequestUid =
        typeof body.payment_request_uid === 'string' ? body.payment_request_uid : undefined
      if (!transactionUid && !pageRequestUid)
        return error(422, 'missing-transaction_uid-or-payment_request_uid')
      let found = null
      if (transactionUid) {
        found = UUID.test(transactionUid) ? await repository.findTransaction(transactionUid) : null
      } else if (pageRequestUid && UUID.test(pageRequestUid)) {
        const all = await repository.findTransactionsOfPage(pageRequestUid)
        found = all.find((row) => row.statusCode === '000') ?? all[0] ?? null
      }
      if (!found) return error(200, 'transaction-not-found')
      return {
        status: 200,
        body: {
          results: { status: 'success', code: 0, description: 'operation completed' },
          data: found.ipn,
        },
      }
    },

    async showPage(pageRequestUid: string): Promise<PageReply> {
      const found = UUID.test(pageRequestUid) ? await repository.findPage(pageRequestUid) : null
      if (!found)
        return { kind: 'html', status: 404, html: renderMessagePage('דף התשלום לא נמצא', 'הקישור אינו תקף.') }
      const approved = (await repository.findTransactionsOfPage(pageRequestUid)).some(
        (row) => row.statusCode === '000',
      )
      if (approved)
        return {
          kind: 'html',
          status: 409,
          html: renderMessagePage('התשלום כבר בוצע', 'הזמנה זו כבר שולמה.'),
        }
      return { kind: 'html', status: 200, html: cardPage(found.request, found.amountAgorot, pageRequestUid) }
    },

    async pay(pageRequestUid: string, form: Partial<CardFormValues>, now = new Date()): Promise<PageReply> {
      const found = UUID.test(pageRequestUid) ? await repository.findPage(pageRequestUid) : null
      if (!found)
        return { kind: 'html', status: 404, html: renderMessagePage('דף התשלום לא נמצא', 'הקישור אינו תקף.') }
      const previous = await repository.findTransactionsOfPage(pageRequestUid)
      if (previous.some((row) => row.statusCode === '000')) {
        return {
          kind: 'html',
          status: 409,
          html: renderMessagePage('התשלום כבר בוצע', 'הזמנה זו כבר שולמה.'),
        }
      }
      const values = normalise(form)
      const errors = validate(values, now)
      if (Object.keys(errors).length > 0) {
        return {
          kind: 'html',
          status: 400,
          html: cardPage(found.request, found.amountAgorot, pageRequestUid, values, errors),
        }
      }
      const request = found.request
      const approved = values.card_number === SANDBOX_CARDS.approved
      const statusCode = approved ? '000' : '004'
      const transactionUid = crypto.randomUUID()
      const brand = brandOf(values.card_number)
      const fourDigits = values.card_number.slice(-4)
      const customer = isRecord(request.customer) ? request.customer : {}
      const customerEmail = typeof customer.email === 'string' ? customer.email : ''
      const amount = toShekels(found.amountAgorot)
      const number = String(Date.now()).slice(-9)
      const approvalNumber = approved ? String(crypto.randomInt(100000, 999999)) : ''
      const moreInfo = String(request.more_info ?? '')
      const maskedId = maskIdNumber(values.identification_number)
      const ipn = {
        status: approved ? 'approved' : 'rejected',
        status_code: statusCode,
        status_description: approved ? 'העסקה בוצעה בהצלחה' : 'העסקה נדחתה',
        transaction_uid: transactionUid,
        page_request_uid: pageRequestUid,
        type: 'Charge',
        method: 'credit-card',
        number,
        amount,
        currency: 'ILS',
        approval_num: approvalNumber,
        voucher_num: approved ? `${number}-01` : '',
        four_digits: fourDigits,
        expiry_month: values.expiry_month.padStart(2, '0'),
        expiry_year: values.expiry_year.slice(-2),
        brand_name: brand.name,
        issuer_name: brand.name,
        clearing_name: brand.name,
        customer_name: values.card_holder_name,
        identification_number: maskedId,
        more_info: moreInfo,
        number_of_payments: 1,
        credit_terms: 'regular',
        // The invoice module's receipt, served by the sandbox at /documents/<uid>.
        ...(approved && request.initial_invoice === true
          ? { invoice_original_url: `${deps.baseUrl}/documents/${transactionUid}` }
          : {}),
      }
      await repository.insertTransaction({ transactionUid, pageRequestUid, statusCode, ipn })

      const callbackUrl = typeof request.refURL_callback === 'string' ? request.refURL_callback : undefined
      if (callbackUrl && (approved || request.send_failure_callback === true)) {
        await sendCallback(callbackUrl, {
          transaction_type: 'Charge',
          transaction: {
            uid: transactionUid,
            payment_page_request_uid: pageRequestUid,
            status_code: statusCode,
            amount,
            currency: 'ILS',
            number,
            approval_number: approvalNumber,
            voucher_number: ipn.voucher_num,
            credit_terms: 'regular',
            payments: { number_of_payments: 1, first_payment_amount: amount, rest_payments_amount: 0 },
            more_info: moreInfo,
            more_info_1: String(request.more_info_1 ?? ''),
            date: now.toISOString(),
            type: 'payment_page',
          },
          data: {
            customer_email: customerEmail,
            items: request.items,
            card_information: {
              card_holder_name: values.card_holder_name,
              four_digits: fourDigits,
              expiry_month: ipn.expiry_month,
              expiry_year: ipn.expiry_year,
              brand_id: brand.id,
              brand_name: brand.name,
              card_bin: values.card_number.slice(0, 6),
              identification_number: maskedId,
            },
          },
        })
      }

      const target = approved ? request.refURL_success : request.refURL_failure
      if (typeof target !== 'string') {
        return approved
          ? {
              kind: 'html',
              status: 200,
              html: renderMessagePage('התשלום התקבל', 'תודה! אפשר לסגור את החלון.'),
            }
          : { kind: 'html', status: 200, html: renderMessagePage('התשלום נדחה', 'חברת האשראי סירבה לעסקה.') }
      }
      // Flat parameters, as PayPlus appends them to the redirect (payplus.md §1.6).
      const redirect = new URL(target)
      const flat: Record<string, string> = {
        transaction_uid: transactionUid,
        page_request_uid: pageRequestUid,
        status: ipn.status,
        status_code: statusCode,
        status_description: ipn.status_description,
        type: 'Charge',
        method: 'credit-card',
        number,
        amount: String(amount),
        currency: 'ILS',
        approval_num: approvalNumber,
        voucher_num: ipn.voucher_num,
        more_info: moreInfo,
        customer_email: customerEmail,
        four_digits: fourDigits,
        expiry_month: ipn.expiry_month,
        expiry_year: ipn.expiry_year,
        brand_id: String(brand.id),
        brand_name: brand.name,
        card_holder_name: values.card_holder_name,
        identification_number: maskedId,
      }
      for (const [key, value] of Object.entries(flat)) redirect.searchParams.set(key, value)
      return { kind: 'redirect', location: redirect.toString() }
    },
  }

  function cardPage(
    request: Record<string, unknown>,
    amountAgorot: number,
    pageRequestUid: string,
    values?: CardFormValues,
    errors?: CardFormErrors,
  ): string {
    return renderCardPage({
      shopName: deps.shopName,
      orderNumber: String(request.more_info_1 ?? request.more_info ?? ''),
      amount: toShekels(amountAgorot),
      action: `${deps.baseUrl}/pay/${pageRequestUid}`,
      ...(values ? { values } : {}),
      ...(errors ? { errors, notice: 'יש לתקן את השדות המסומנים' } : {}),
    })
  }
}
export type PayPlusSandbox = ReturnType<typeof createPayPlusSandbox>

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

function error(status: number, description: string): SandboxReply {
  return { status, body: { results: { status: 'error', code: 1, description } } }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

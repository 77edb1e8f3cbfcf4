import crypto from 'node:crypto'
import { priceLines, priceOrder, toAgorot, toShekels } from '@tavlin/contracts'
import type { SandboxBehaviour } from '../../config/sandbox-behaviour.js'
import type { CardFormValues } from './payplus-sandbox.page.js'
import { isRecord, pay, showPage, UUID, type SandboxDeps } from './payplus-sandbox.pay.js'
import { checkBit, payWithWallet, startBit } from './payplus-sandbox.methods.js'
import type { SandboxTransaction } from './payplus-sandbox.repository.js'
import type { SandboxRefund, SandboxRefundsRepository } from './payplus-sandbox-refunds.repository.js'
import { isShopAddress } from './payplus-sandbox.return.js'

export { SANDBOX_CARDS, type PageReply } from './payplus-sandbox.pay.js'

type Envelope = {
  results: { status: 'success' | 'error'; code: number; description: string }
  data?: unknown
}
export type SandboxReply = { status: number; body: Envelope }

/**
 * A local stand-in for PayPlus (DESIGN §3): the same endpoints, shapes and
 * checks as shared/payplus.md, so the real adapter runs end to end without an account.
 * The API (generateLink, ipn) is here; the customer's card page in payplus-sandbox.pay.ts.
 */
export function createPayPlusSandbox(deps: SandboxDeps & { refunds: SandboxRefundsRepository }) {
  return {
    authorized: (headers: Record<string, string | string[] | undefined>) =>
      authorized(deps.keys, deps.behaviour, headers),
    generateLink: (body: unknown) => generateLink(deps, body),
    ipn: (body: unknown) => ipn(deps, body),
    chargeMethods: (pageUid: unknown) => chargeMethods(deps, pageUid),
    showPage: (pageRequestUid: string) => showPage(deps, pageRequestUid),
    pay: (pageRequestUid: string, form: Partial<CardFormValues>) => pay(deps, pageRequestUid, form),
    startBit: (pageRequestUid: string) => startBit(deps, pageRequestUid),
    checkBit: (pageRequestUid: string, transactionUid: string) =>
      checkBit(deps, pageRequestUid, transactionUid),
    payWithWallet: (pageRequestUid: string, method: unknown) => payWithWallet(deps, pageRequestUid, method),
  }
}
export type PayPlusSandbox = ReturnType<typeof createPayPlusSandbox>

/**
 * The docs show the `api-key`/`secret-key` pair; every PayPlus client sends one JSON
 * `Authorization` header (payplus.md §1.2). Which an account honours is a knob.
 */
function authorized(
  keys: SandboxDeps['keys'],
  behaviour: SandboxBehaviour,
  headers: Record<string, string | string[] | undefined>,
): boolean {
  const pair = headers['api-key'] === keys.apiKey && headers['secret-key'] === keys.secretKey
  if (pair && behaviour.authHeaders !== 'json') return true
  if (behaviour.authHeaders === 'pair') return false
  const authorization = headers.authorization
  if (typeof authorization !== 'string') return false
  try {
    const parsed = JSON.parse(authorization) as { api_key?: unknown; secret_key?: unknown }
    return parsed.api_key === keys.apiKey && parsed.secret_key === keys.secretKey
  } catch {
    return false
  }
}

async function generateLink(deps: SandboxDeps, body: unknown): Promise<SandboxReply> {
  if (!isRecord(body)) return error(400, 'invalid-request-body')
  for (const field of ['payment_page_uid', 'amount', 'currency_code']) {
    if (body[field] === undefined || body[field] === null || body[field] === '')
      return error(422, `missing-${field}`)
  }
  if (body.payment_page_uid !== deps.keys.pageUid) return error(422, 'can-not-find-payment-page')
  const amount = Number(body.amount)
  if (!Number.isFinite(amount) || amount <= 0) return error(422, 'invalid-amount')
  if (body.currency_code !== 'ILS') return error(422, 'invalid-currency_code')
  const items = Array.isArray(body.items) ? body.items : []
  if (items.length === 0) return error(422, 'missing-items')
  const itemsAgorot = sumOfItems(items)
  if (itemsAgorot === null) return error(422, 'invalid-items')
  if (itemsAgorot !== toAgorot(amount)) return error(422, 'amount-does-not-match-items')
  // Browsers and callbacks go to the shop that owns the keys, nowhere else.
  for (const field of ['refURL_success', 'refURL_failure', 'refURL_cancel', 'refURL_callback']) {
    if (body[field] !== undefined && !isShopAddress(deps.shopOrigin, body[field]))
      return error(422, `${field}-not-allowed`)
  }
  const pageRequestUid = crypto.randomUUID()
  await deps.repository.insertPage({ pageRequestUid, request: body, amountAgorot: toAgorot(amount) })
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
}

/**
 * The items' sum in agorot, made by the money module; null when an item is not a priced
 * line. A row of negative price and quantity 1 is a discount (a coupon), as PayPlus takes it.
 */
function sumOfItems(items: unknown[]): number | null {
  const lines = []
  const discounts = []
  for (const item of items) {
    if (
      !isRecord(item) ||
      typeof item.name !== 'string' ||
      !Number.isFinite(Number(item.price)) ||
      !(Number(item.quantity) > 0)
    ) {
      return null
    }
    const price = toAgorot(Number(item.price))
    if (price < 0 && Number(item.quantity) === 1) discounts.push({ unitPriceAgorot: -price, quantity: 1 })
    else lines.push({ unitPriceAgorot: price, quantity: Number(item.quantity) })
  }
  try {
    const discountAgorot = priceLines(discounts).subtotalAgorot
    return priceOrder({ lines, shippingAgorot: 0, discountAgorot, vatRate: 0 }).totalAgorot
  } catch {
    // A negative price, a fractional quantity or a discount above the items is no sum PayPlus would charge.
    return null
  }
}

/**
 * PaymentPages/ipn (payplus.md §1.5): by transaction, or by page — then the latest attempt
 * that ended (which one PayPlus answers is not documented; the latest is the hardest case
 * for a shop). With `related_transaction: true`, the page's other transactions and the
 * refunds of its charges come along as `related_transactions`.
 */
async function ipn(
  deps: SandboxDeps & { refunds: SandboxRefundsRepository },
  body: unknown,
): Promise<SandboxReply> {
  if (!isRecord(body)) return error(400, 'invalid-request-body')
  const transactionUid = typeof body.transaction_uid === 'string' ? body.transaction_uid : undefined
  const pageRequestUid = typeof body.payment_request_uid === 'string' ? body.payment_request_uid : undefined
  if (!transactionUid && !pageRequestUid) return error(422, 'missing-transaction_uid-or-payment_request_uid')
  let found: SandboxTransaction | null = null
  if (transactionUid && UUID.test(transactionUid)) {
    found = await deps.repository.findTransaction(transactionUid)
    if (!found) {
      const refund = await deps.refunds.findById(transactionUid)
      if (refund) return success(refundIpn(refund))
    }
  } else if (!transactionUid && pageRequestUid && UUID.test(pageRequestUid)) {
    const all = await deps.repository.findTransactionsOfPage(pageRequestUid)
    found = all.find((row) => row.statusCode !== 'pending') ?? null
  }
  if (!found || found.statusCode === 'pending') return error(200, 'transaction-not-found')
  if (body.related_transaction !== true) return success(found.ipn)
  const page = await deps.repository.findTransactionsOfPage(found.pageRequestUid)
  const others = page.filter(
    (row) => row.statusCode !== 'pending' && row.transactionUid !== found.transactionUid,
  )
  const charges = page.filter((row) => row.statusCode === '000').map((row) => row.transactionUid)
  const refunds = await deps.refunds.findOfCharges(charges)
  return success({
    ...found.ipn,
    related_transactions: [...others.reverse().map((row) => relatedOf(row.ipn)), ...refunds.map(refundIpn)],
  })
}

function relatedOf(ipn: Record<string, unknown>) {
  const keys = [
    'transaction_uid',
    'type',
    'method',
    'alternative_method_name',
    'status',
    'status_code',
    'amount',
    'currency',
    'number',
    'four_digits',
    'more_info',
  ]
  return Object.fromEntries(keys.filter((key) => ipn[key] !== undefined).map((key) => [key, ipn[key]]))
}

function refundIpn(refund: SandboxRefund) {
  return {
    transaction_uid: refund.refundUid,
    original_transaction_uid: refund.transactionUid,
    type: 'Refund',
    status: 'approved',
    status_code: '000',
    amount: toShekels(refund.amountAgorot),
    currency: 'ILS',
    more_info: refund.moreInfo ?? '',
  }
}

/** GET PaymentPages/ChargeMethods?payment_page_uid= : what the page's dashboard switches on. */
async function chargeMethods(deps: SandboxDeps, pageUid: unknown): Promise<SandboxReply> {
  if (pageUid !== deps.keys.pageUid) return error(422, 'can-not-find-payment-page')
  return success({ charge_methods: deps.behaviour.dashboardMethods.map((method) => ({ method })) })
}

function success(data: unknown): SandboxReply {
  return {
    status: 200,
    body: { results: { status: 'success', code: 0, description: 'operation completed' }, data },
  }
}

function error(status: number, description: string): SandboxReply {
  return { status, body: { results: { status: 'error', code: 1, description } } }
}

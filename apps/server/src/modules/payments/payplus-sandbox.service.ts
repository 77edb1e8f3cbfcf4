import crypto from 'node:crypto'
import { priceLines, priceOrder, toAgorot } from '@tavlin/contracts'
import type { CardFormValues } from './payplus-sandbox.page.js'
import { isRecord, pay, showPage, UUID, type SandboxDeps } from './payplus-sandbox.pay.js'

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
export function createPayPlusSandbox(deps: SandboxDeps) {
  return {
    authorized: (headers: Record<string, string | string[] | undefined>) => authorized(deps.keys, headers),
    generateLink: (body: unknown) => generateLink(deps, body),
    ipn: (body: unknown) => ipn(deps, body),
    showPage: (pageRequestUid: string) => showPage(deps, pageRequestUid),
    pay: (pageRequestUid: string, form: Partial<CardFormValues>, now = new Date()) =>
      pay(deps, pageRequestUid, form, now),
  }
}
export type PayPlusSandbox = ReturnType<typeof createPayPlusSandbox>

function authorized(
  keys: SandboxDeps['keys'],
  headers: Record<string, string | string[] | undefined>,
): boolean {
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

async function ipn(deps: SandboxDeps, body: unknown): Promise<SandboxReply> {
  if (!isRecord(body)) return error(400, 'invalid-request-body')
  const transactionUid = typeof body.transaction_uid === 'string' ? body.transaction_uid : undefined
  const pageRequestUid = typeof body.payment_request_uid === 'string' ? body.payment_request_uid : undefined
  if (!transactionUid && !pageRequestUid) return error(422, 'missing-transaction_uid-or-payment_request_uid')
  let found = null
  if (transactionUid) {
    found = UUID.test(transactionUid) ? await deps.repository.findTransaction(transactionUid) : null
  } else if (pageRequestUid && UUID.test(pageRequestUid)) {
    const all = await deps.repository.findTransactionsOfPage(pageRequestUid)
    found = all.find((row) => row.statusCode === '000') ?? all[0] ?? null
  }
  if (!found) return error(200, 'transaction-not-found')
  return {
    status: 200,
    body: { results: { status: 'success', code: 0, description: 'operation completed' }, data: found.ipn },
  }
}

function error(status: number, description: string): SandboxReply {
  return { status, body: { results: { status: 'error', code: 1, description } } }
}

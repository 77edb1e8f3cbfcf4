import type { SandboxBehaviour } from '../../config/sandbox-behaviour.js'
import type { Logger } from '../../lib/logger.js'
import type { HttpFetch } from './payment-provider.js'
import { renderMessagePage, type PageLink, type SandboxMethod } from './payplus-sandbox.page.js'
import type { SandboxPage, SandboxRepository, SandboxTransaction } from './payplus-sandbox.repository.js'
import { isShopAddress, type PageReply } from './payplus-sandbox.return.js'

/**
 * The test cards of DESIGN §3, and one club card that pays in two transactions (a part on
 * the club's credit, the rest on the card), as PayPlus's split payments do (payplus.md §1.9).
 */
export const SANDBOX_CARDS = {
  approved: '4580000000000000',
  declined: '4000000000000002',
  split: '5326100000000004',
} as const

/** The connection check's page (npm run payplus:check): ₪1, more_info `payplus-check-…`. */
export const CHECK_MORE_INFO_PREFIX = 'payplus-check'
const CHECK_AMOUNT_AGOROT = 100

export type SandboxDeps = {
  repository: SandboxRepository
  keys: { apiKey: string; secretKey: string; pageUid: string }
  shopName: string
  /** Public address of the sandbox, e.g. https://shop.example/sandbox/payplus */
  baseUrl: string
  /** The shop's own origin (PUBLIC_URL): the only place the sandbox redirects to or calls. */
  shopOrigin: string
  /** Read on every request: a test may change it between tests. */
  behaviour: SandboxBehaviour
  /** The shop's unpaid or paid order the page is for: its number and total (the page shows nothing else). */
  shopOrder: (orderId: string) => Promise<{ number: string; totalAgorot: number } | null>
  http: HttpFetch
  log: Logger
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The sandbox's clock: the machine's, moved by the behaviour's offset. */
export function sandboxNow(behaviour: SandboxBehaviour): Date {
  return new Date(Date.now() + behaviour.clockOffsetSeconds * 1000)
}

export type OpenPage = { page: SandboxPage; title: string }

/**
 * A page a shopper may pay on now: one the sandbox handed out, for one of the shop's own
 * orders at its total (or the connection check's ₪1), before its `expiry_datetime`, not paid.
 */
export async function openPage(deps: SandboxDeps, pageRequestUid: string): Promise<OpenPage | PageReply> {
  const page = UUID.test(pageRequestUid) ? await deps.repository.findPage(pageRequestUid) : null
  if (!page) return pageNotFound(deps)
  const title = await titleOf(deps, page)
  if (title === null) return pageNotFound(deps)
  if (isExpired(page, sandboxNow(deps.behaviour))) {
    return {
      kind: 'html',
      status: 410,
      html: renderMessagePage('תוקף דף התשלום פג', 'יש לחזור לאתר ולנסות שוב.', waysBack(deps)),
    }
  }
  const previous = await deps.repository.findTransactionsOfPage(pageRequestUid)
  if (paidAgorot(previous) >= page.amountAgorot) return alreadyPaid(deps, page)
  return { page, title }
}

async function titleOf(deps: SandboxDeps, page: SandboxPage): Promise<string | null> {
  const moreInfo = typeof page.request.more_info === 'string' ? page.request.more_info : ''
  if (moreInfo.startsWith(CHECK_MORE_INFO_PREFIX) && page.amountAgorot === CHECK_AMOUNT_AGOROT)
    return 'בדיקת חיבור'
  if (!UUID.test(moreInfo)) return null
  const order = await deps.shopOrder(moreInfo)
  return order && order.totalAgorot === page.amountAgorot ? order.number : null
}

/** `expiry_datetime`: minutes from the link's making (payplus.md §1.3). */
export function isExpired(page: SandboxPage, now: Date): boolean {
  const minutes = Number(page.request.expiry_datetime)
  if (!Number.isFinite(minutes) || minutes <= 0) return false
  return page.createdAt.getTime() + minutes * 60_000 <= now.getTime()
}

function paidAgorot(transactions: SandboxTransaction[]): number {
  return transactions
    .filter((row) => row.statusCode === '000')
    .reduce((sum, row) => sum + Math.round(Number(row.ipn.amount) * 100), 0)
}

export function isOpen(found: OpenPage | PageReply): found is OpenPage {
  return 'page' in found
}

/**
 * The methods a page offers (payplus.md §1.9): what the link allows of what the dashboard
 * switches on; a link that names none gets the whole dashboard, installments and all.
 */
export function offeredMethods(
  request: Record<string, unknown>,
  behaviour: SandboxBehaviour,
): SandboxMethod[] {
  const dashboard = behaviour.dashboardMethods
  const allowed = Array.isArray(request.allowed_charge_methods)
    ? dashboard.filter((method) => (request.allowed_charge_methods as unknown[]).includes(method))
    : request.hide_other_charge_methods === true && typeof request.charge_default === 'string'
      ? dashboard.filter((method) => method === request.charge_default)
      : [...dashboard]
  const first = typeof request.charge_default === 'string' ? request.charge_default : 'credit-card'
  return allowed.sort((a, b) => Number(b === first) - Number(a === first))
}

export function maxInstallments(request: Record<string, unknown>, behaviour: SandboxBehaviour): number {
  if (request.hide_payments_field === true) return 1
  const asked = Number(request.payments)
  return Number.isInteger(asked) && asked >= 1 ? asked : behaviour.dashboardInstallments
}

/**
 * The way back to the shop from a page that takes no payment (a "back" after paying lands on
 * one): the order's own page when the link names one at the shop (its refURL_success, which
 * the shop resolves from the order and its token), and the shop's home.
 */
export function waysBack(deps: Pick<SandboxDeps, 'shopOrigin'>, page?: SandboxPage): PageLink[] {
  const order = page?.request.refURL_success
  return [
    ...(isShopAddress(deps.shopOrigin, order) ? [{ href: order, label: 'לפרטי ההזמנה' }] : []),
    { href: `${deps.shopOrigin}/`, label: 'חזרה לחנות' },
  ]
}

export function pageNotFound(deps: Pick<SandboxDeps, 'shopOrigin'>): PageReply {
  return {
    kind: 'html',
    status: 404,
    html: renderMessagePage('דף התשלום לא נמצא', 'הקישור אינו תקף.', waysBack(deps)),
  }
}

export function alreadyPaid(deps: Pick<SandboxDeps, 'shopOrigin'>, page?: SandboxPage): PageReply {
  return {
    kind: 'html',
    status: 409,
    html: renderMessagePage('התשלום כבר בוצע', 'הזמנה זו כבר שולמה.', waysBack(deps, page)),
  }
}

export function methodNotOffered(): PageReply {
  return {
    kind: 'html',
    status: 400,
    html: renderMessagePage('אמצעי התשלום אינו זמין', 'יש לבחור אמצעי תשלום אחר.'),
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

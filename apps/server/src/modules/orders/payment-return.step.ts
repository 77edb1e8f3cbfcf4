import crypto from 'node:crypto'
import type { OrdersDeps } from './orders.deps.js'
import { checkWithProvider } from './settle-payment.step.js'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** What the thank-you and payment-pending pages read from their address, and nothing else. */
const CLEAN_KEYS = {
  success: new Set(['more_info', 'transaction_uid', 'token']),
  failure: new Set(['order', 'failed', 'token']),
}

export type ReturnKind = keyof typeof CLEAN_KEYS

/**
 * Whether an address already is one the page reads (so it is served as it is), or carries
 * PayPlus's parameters — card holder, card digits, ID number — that must not stay in it.
 */
export function isCleanReturn(kind: ReturnKind, params: URLSearchParams): boolean {
  return [...params.keys()].every((key) => CLEAN_KEYS[kind].has(key))
}

/**
 * PayPlus's return to refURL_success/_failure, by GET or POST (payplus.md §1.6), turned into
 * the page's own clean address (issue 32). A return that names its transaction goes to the
 * thank-you page with it, which confirms it with PayPlus; an empty or partial return is
 * settled by the order's own look-up, behind its status token, as PayPlus's Magento module
 * does. Nothing in a return is believed: it only says where to look.
 */
export async function resolveReturn(
  deps: OrdersDeps,
  kind: ReturnKind,
  params: URLSearchParams,
): Promise<string> {
  const orderId = uuidOf(params.get('more_info')) ?? uuidOf(params.get('order'))
  const token = params.get('token') ?? ''
  if (kind === 'failure') return failureAddress(deps, orderId, token)
  const transactionUid = uuidOf(params.get('transaction_uid'))
  if (!orderId) return '/thank-you'
  if (transactionUid) return thankYou({ more_info: orderId, transaction_uid: transactionUid })
  const order = await orderBehindToken(deps, orderId, token)
  if (!order) return thankYou({ more_info: orderId })
  if (!order.transactionUid && order.status === 'pending_payment' && order.pageRequestUid) {
    try {
      await checkWithProvider(deps, order)
    } catch (error) {
      deps.log.warn({ err: error, orderId }, 'return: provider look-up failed')
    }
  }
  const settled = await deps.repository.findById(orderId)
  return settled?.transactionUid
    ? thankYou({ more_info: orderId, transaction_uid: settled.transactionUid })
    : thankYou({ more_info: orderId, token })
}

async function failureAddress(deps: OrdersDeps, orderId: string | null, token: string): Promise<string> {
  if (!orderId) return '/checkout/payment-pending'
  const query = new URLSearchParams({ order: orderId, failed: '1' })
  if (await orderBehindToken(deps, orderId, token)) query.set('token', token)
  return `/checkout/payment-pending?${query.toString()}`
}

async function orderBehindToken(deps: OrdersDeps, orderId: string, token: string) {
  const order = await deps.repository.findById(orderId)
  return order && safeEqual(order.statusToken, token) ? order : null
}

function thankYou(query: Record<string, string>): string {
  return `/thank-you?${new URLSearchParams(query).toString()}`
}

function uuidOf(value: string | null): string | null {
  return value && UUID.test(value) ? value : null
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && crypto.timingSafeEqual(left, right)
}

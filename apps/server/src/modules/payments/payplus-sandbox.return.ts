import type { SandboxBehaviour } from '../../config/sandbox-behaviour.js'
import type { Logger } from '../../lib/logger.js'
import type { HttpFetch } from './payment-provider.js'
import { signPayPlusBody } from './payplus.adapter.js'
import { renderMessagePage, renderReturnForm } from './payplus-sandbox.page.js'

/** What the sandbox answers a shopper's browser: a page, or a redirect (a GET return). */
export type PageReply =
  { kind: 'html'; status: number; html: string } | { kind: 'redirect'; location: string }

const CALLBACK_TIMEOUT_MS = 5_000

/**
 * The sandbox sends browsers and callbacks only to the shop it belongs to: a link whose
 * addresses lead elsewhere is refused when it is made, and checked again before use, so its
 * public keys cannot turn the shop's domain into an open redirect or a request forger.
 */
export function isShopAddress(shopOrigin: string, value: unknown): value is string {
  if (typeof value !== 'string') return false
  try {
    const url = new URL(value)
    return url.origin === shopOrigin && (url.protocol === 'http:' || url.protocol === 'https:')
  } catch {
    return false
  }
}

/**
 * The shopper's way back to refURL_success/_failure with PayPlus's flat parameters
 * (payplus.md §1.6): a GET redirect or a POST form, as the page is set in the dashboard;
 * none at all when the sandbox plays PayPlus's empty return.
 */
export function returnTo(
  target: unknown,
  flat: Record<string, string>,
  options: { shopOrigin: string; behaviour: SandboxBehaviour; scriptUrl: string; approved: boolean },
): PageReply {
  if (!isShopAddress(options.shopOrigin, target)) {
    return options.approved
      ? { kind: 'html', status: 200, html: renderMessagePage('התשלום התקבל', 'תודה! אפשר לסגור את החלון.') }
      : { kind: 'html', status: 200, html: renderMessagePage('התשלום נדחה', 'חברת האשראי סירבה לעסקה.') }
  }
  const fields = options.behaviour.emptyReturn ? {} : flat
  if (options.behaviour.returnMethod === 'post') {
    return {
      kind: 'html',
      status: 200,
      html: renderReturnForm({ action: target, fields, scriptUrl: options.scriptUrl }),
    }
  }
  const redirect = new URL(target)
  for (const [key, value] of Object.entries(fields)) redirect.searchParams.set(key, value)
  return { kind: 'redirect', location: redirect.toString() }
}

/** The signed server-to-server notice (payplus.md §1.4), to the shop's own address only. */
export async function sendCallback(
  deps: { http: HttpFetch; log: Logger; secretKey: string; shopOrigin: string },
  url: unknown,
  payload: unknown,
): Promise<void> {
  if (!isShopAddress(deps.shopOrigin, url)) return
  const body = JSON.stringify(payload)
  try {
    const response = await deps.http(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'PayPlus',
        hash: signPayPlusBody(deps.secretKey, body),
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
    })
    if (!response.ok)
      deps.log.warn({ url, status: response.status }, 'sandbox: callback answered with an error')
    await response.arrayBuffer()
  } catch (error) {
    deps.log.warn({ url, err: error }, 'sandbox: callback not delivered')
  }
}

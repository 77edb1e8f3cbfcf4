import { z } from 'zod'

/**
 * The order waiting for its payment, kept in sessionStorage: it belongs to this tab's
 * visit, and a tab the payment page opens from here starts with a copy of it.
 */
const STORAGE_KEY = 'pending-payment'

const PendingPaymentSchema = z.object({
  orderId: z.string(),
  number: z.string(),
  paymentLink: z.url(),
  statusToken: z.string(),
  createdAt: z.number(),
  /**
   * The checkout request that made the order: its Idempotency-Key, a fingerprint of what was
   * sent (not the details themselves) and until when its page takes payments (decision 255).
   */
  attempt: z.object({ key: z.string(), fingerprint: z.string(), payableUntil: z.number() }).optional(),
})
export type PendingPayment = z.infer<typeof PendingPaymentSchema>

export function savePendingPayment(record: PendingPayment): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(record))
  } catch {
    // Storage full or disabled: the pending page then only knows what its address says.
  }
}

export function readPendingPayment(): PendingPayment | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY)
    if (!raw) return null
    const parsed = PendingPaymentSchema.safeParse(JSON.parse(raw))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

export function clearPendingPayment(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY)
  } catch {
    // Nothing stored that could be read back.
  }
}

/** The order is paid: the same cart again is a new purchase, never this order replayed. */
export function forgetAttempt(): void {
  const record = readPendingPayment()
  if (!record?.attempt) return
  const { attempt: _attempt, ...rest } = record
  savePendingPayment(rest)
}

/** Only http(s) addresses may be opened: anything else from the wire is not a payment page. */
export function isPaymentUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:'
  } catch {
    return false
  }
}

/**
 * A retry is given a payment page this much before it closes, at the latest: with less
 * left, a new order serves the shopper better than a page about to end.
 */
const REUSE_MARGIN_MS = 2 * 60_000

/**
 * The key of this tab's open order when the same cart and details are sent again (after a
 * declined card, a reload, "לנסות שוב"): the server answers with that order and its page
 * instead of a second order (decisions 052, 255). Null when there is none to go back to.
 */
export function openOrderKey(body: string, now = Date.now()): string | null {
  const attempt = readPendingPayment()?.attempt
  if (!attempt || attempt.fingerprint !== fingerprintOf(body)) return null
  return now < attempt.payableUntil - REUSE_MARGIN_MS ? attempt.key : null
}

/**
 * A 53-bit hash of the request (cyrb53): enough to tell the same request from another in one
 * tab, without keeping the shopper's details in the record. The server compares the real
 * request with the key's anyway (a different one is a 409, decision 052).
 */
export function fingerprintOf(text: string): string {
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    h1 = Math.imul(h1 ^ code, 2654435761)
    h2 = Math.imul(h2 ^ code, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)
}

/** A fresh key per checkout attempt (8–200 characters, decision 052). */
export function newIdempotencyKey(): string {
  // getRandomValues, unlike randomUUID, also exists outside secure contexts (a plain-http preview).
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return `checkout-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`
}

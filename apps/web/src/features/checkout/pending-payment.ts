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

/** Only http(s) addresses may be opened: anything else from the wire is not a payment page. */
export function isPaymentUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:'
  } catch {
    return false
  }
}

/** A fresh key per checkout attempt (8–200 characters, decision 052). */
export function newIdempotencyKey(): string {
  // getRandomValues, unlike randomUUID, also exists outside secure contexts (a plain-http preview).
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return `checkout-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`
}

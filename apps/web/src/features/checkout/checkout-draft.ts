import type { CheckoutCustomer } from '@tavlin/contracts'

/**
 * The checkout form as typed, kept on this device (issue 35): a reload or a declined card
 * must not empty it. Only the form's own fields, dropped after a paid order, when the visitor
 * cancels or clears the cart, and after a week untouched: it is a person's name, address and
 * phone on a device others may use (decision 255).
 */
const STORAGE_KEY = 'checkout-form'
const KEPT_FOR_MS = 7 * 24 * 60 * 60 * 1000
/** Longer than any field the form accepts: anything else in storage is not ours. */
const MAX_LENGTH = 2000

const CUSTOMER_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'notes'] as const
const ADDRESS_FIELDS = [
  'street',
  'streetNum',
  'city',
  'entrance',
  'floor',
  'apartment',
  'postal_code',
] as const

type Stored = { savedAt: number; values: unknown }

const isText = (value: unknown): value is string => typeof value === 'string' && value.length <= MAX_LENGTH

/** The kept values over `empty`, field by field; whatever is not a short text is left out. */
export function readCheckoutDraft(empty: CheckoutCustomer): CheckoutCustomer {
  const stored = readStored()
  if (!stored || typeof stored.values !== 'object' || stored.values === null) return empty
  const values = stored.values as Record<string, unknown>
  const address = (
    typeof values.address === 'object' && values.address !== null ? values.address : {}
  ) as Record<string, unknown>
  const draft: CheckoutCustomer = { ...empty, address: { ...empty.address } }
  for (const field of CUSTOMER_FIELDS) {
    const value = values[field]
    if (isText(value)) draft[field] = value
  }
  for (const field of ADDRESS_FIELDS) {
    const value = address[field]
    if (isText(value)) draft.address[field] = value
  }
  return draft
}

/** What react-hook-form's `watch` hands over: any field may be missing. */
type FormValues = Partial<Omit<CheckoutCustomer, 'address'>> & {
  address?: Partial<CheckoutCustomer['address']>
}

/** Keeps the values; a form emptied (or never typed in) leaves nothing behind. */
export function saveCheckoutDraft(values: FormValues): void {
  const kept = {
    ...Object.fromEntries(CUSTOMER_FIELDS.map((field) => [field, values[field] ?? ''])),
    address: Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, values.address?.[field] ?? ''])),
  }
  const texts = [...Object.values(kept), ...Object.values(kept.address)]
  if (texts.every((text) => !text)) return clearCheckoutDraft()
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ savedAt: Date.now(), values: kept } satisfies Stored))
  } catch {
    // Storage full or disabled: the form still works, it is only not kept.
  }
}

export function clearCheckoutDraft(): void {
  try {
    localStorage.removeItem(STORAGE_KEY)
  } catch {
    // Nothing stored that could be read back.
  }
}

function readStored(): Stored | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY)
    if (!raw) return null
    const stored = JSON.parse(raw) as Partial<Stored>
    if (typeof stored.savedAt !== 'number' || Date.now() - stored.savedAt > KEPT_FOR_MS) {
      clearCheckoutDraft()
      return null
    }
    return stored as Stored
  } catch {
    return null
  }
}

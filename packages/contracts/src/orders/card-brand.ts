// Kept apart from the zod schemas: the thank-you page and the sandbox need only the table.

/** The card brands the shop names (PayPlus's brand names, payplus.md §1.7). */
export const CARD_BRANDS = [
  'visa',
  'mastercard',
  'amex',
  'diners',
  'isracard',
  'jcb',
  'discover',
  'maestro',
  'max',
] as const
export type CardBrand = (typeof CARD_BRANDS)[number]

/**
 * PayPlus `brand_id` → brand, from the table in PayPlus's own WHMCS plugin (payplus.md
 * §1.7). The sandbox sends these ids. Spec §9's "brand id 8 shown as Visa" comes from
 * another table: under PayPlus's, 8 is Maestro (decision 100).
 */
export const PAYPLUS_BRAND_IDS: Readonly<Record<number, CardBrand>> = {
  1: 'mastercard',
  2: 'visa',
  3: 'diners',
  4: 'amex',
  5: 'isracard',
  6: 'jcb',
  7: 'discover',
  8: 'maestro',
}

/** The id PayPlus gives a brand (the sandbox's answers); `max` has none in the table. */
export function payplusBrandId(brand: CardBrand): number | null {
  for (const [id, name] of Object.entries(PAYPLUS_BRAND_IDS)) if (name === brand) return Number(id)
  return null
}

const ALIASES: Readonly<Record<string, CardBrand>> = {
  'american express': 'amex',
  americanexpress: 'amex',
  'diners club': 'diners',
  jbc: 'jcb',
  'master card': 'mastercard',
}

/**
 * The brand of a paid card: the provider's `brand_name` when it names a known brand (it is
 * what the provider says about this very card), else its `brand_id` by PayPlus's table;
 * null when neither is known. Names come first because PayPlus's ids disagree between
 * captures of the same card (payplus.md §1.7, decision 100).
 */
export function cardBrandOf(card: {
  brandId?: string | number | null | undefined
  brandName?: string | null | undefined
}): CardBrand | null {
  const name = (card.brandName ?? '').trim().toLowerCase()
  if (name) {
    const known = (CARD_BRANDS as readonly string[]).includes(name) ? (name as CardBrand) : ALIASES[name]
    if (known) return known
  }
  const id = typeof card.brandId === 'string' ? Number(card.brandId.trim() || NaN) : card.brandId
  return typeof id === 'number' && Number.isInteger(id) ? (PAYPLUS_BRAND_IDS[id] ?? null) : null
}

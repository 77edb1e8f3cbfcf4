import { payplusBrandId, type CardBrand } from '@tavlin/contracts'

/** Checks the sandbox's card page makes, as a real hosted page would. */
export function isLuhnValid(cardNumber: string): boolean {
  if (!/^\d{12,19}$/.test(cardNumber)) return false
  let sum = 0
  for (let i = 0; i < cardNumber.length; i += 1) {
    let digit = Number(cardNumber[cardNumber.length - 1 - i])
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

/** Israeli ID (teudat zehut): 9 digits (left-padded), weights 1,2,1,2…, digit sums, total divisible by 10. */
export function isIsraeliIdValid(id: string): boolean {
  if (!/^\d{5,9}$/.test(id)) return false
  const padded = id.padStart(9, '0')
  let sum = 0
  for (let i = 0; i < 9; i += 1) {
    let value = Number(padded[i]) * ((i % 2) + 1)
    if (value > 9) value -= 9
    sum += value
  }
  return sum % 10 === 0
}

/** A card is valid through the last day of its expiry month. */
export function isExpiryInFuture(month: number, year: number, now: Date): boolean {
  if (!Number.isInteger(month) || month < 1 || month > 12) return false
  const fullYear = year < 100 ? 2000 + year : year
  return new Date(Date.UTC(fullYear, month, 1)) > now
}

/**
 * The brand of a card number by its leading digits, with the id PayPlus gives it
 * (`PAYPLUS_BRAND_IDS`), in lower case as PayPlus sends `brand_name` (payplus.md §1.6).
 * Numbers of no international range are taken as Isracard, the Israeli local brand.
 */
export function brandOf(cardNumber: string): { name: CardBrand; id: number } {
  const name = brandNameOf(cardNumber)
  return { name, id: payplusBrandId(name) ?? 0 }
}

function brandNameOf(cardNumber: string): CardBrand {
  const prefix = (length: number) => Number(cardNumber.slice(0, length))
  if (/^3[47]/.test(cardNumber)) return 'amex'
  if (/^3(0[0-5]|[68])/.test(cardNumber)) return 'diners'
  if (prefix(4) >= 3528 && prefix(4) <= 3589) return 'jcb'
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(cardNumber)) return 'mastercard'
  if (/^(6011|65|64[4-9])/.test(cardNumber)) return 'discover'
  if (/^(5[06-8]|6\d)/.test(cardNumber)) return 'maestro'
  if (cardNumber.startsWith('4')) return 'visa'
  return 'isracard'
}

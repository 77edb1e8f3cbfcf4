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

export function brandOf(cardNumber: string): { name: string; id: number } {
  if (/^3[47]/.test(cardNumber)) return { name: 'amex', id: 4 }
  if (/^5[1-5]/.test(cardNumber)) return { name: 'mastercard', id: 1 }
  if (cardNumber.startsWith('4')) return { name: 'visa', id: 2 }
  return { name: 'isracard', id: 5 }
}

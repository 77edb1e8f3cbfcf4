/**
 * Israeli company (ח.פ.) and licensed-dealer (ע.מ.) numbers: nine digits whose last digit
 * is a check digit, computed like the identity-number check: digits weighted 1,2,1,2…,
 * each product's digits summed, the total divisible by 10.
 */
export function isValidBusinessNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false
  let sum = 0
  for (let index = 0; index < 9; index++) {
    const product = Number(value[index]) * (index % 2 === 0 ? 1 : 2)
    sum += product > 9 ? product - 9 : product
  }
  return sum % 10 === 0
}

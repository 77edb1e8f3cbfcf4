/**
 * Israeli mobile numbers at checkout (decision 225). Accepted as 05X-XXXXXXX, 05XXXXXXXX,
 * +972-5X-XXXXXXX or +9725XXXXXXXX, with or without spaces and dashes; stored as the ten
 * digits 05XXXXXXXX, so one customer's orders read alike and the admin search finds them.
 */
const MOBILE = /^(?:\+972|0)(5\d{8})$/

/** The stored form (05XXXXXXXX) of an Israeli mobile number, or null for anything else. */
export function normaliseMobilePhone(value: string): string | null {
  const match = MOBILE.exec(value.trim().replace(/[\s-]/g, ''))
  return match ? `0${match[1]}` : null
}

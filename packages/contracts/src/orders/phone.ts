import { z } from 'zod'

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

// Digits, spaces, dashes, brackets and dots, with an optional leading +: a landline
// (02-1234567), a mobile, or a number abroad (+44 20 7946 0958).
const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/

/**
 * Any phone a courier or the shop can call (decision 253): the spec's floor of ten
 * characters, only phone characters and at least nine digits. An Israeli mobile is stored
 * as 05XXXXXXXX; any other number as typed, its spaces collapsed.
 */
export const PhoneSchema = z
  .string({ error: 'validation.phoneMin' })
  .trim()
  .min(10, { error: 'validation.phoneMin', abort: true })
  .max(20, { error: 'validation.phoneInvalid', abort: true })
  .refine((value) => PHONE_CHARACTERS.test(value) && value.replace(/\D/g, '').length >= 9, {
    error: 'validation.phoneInvalid',
    abort: true,
  })
  .overwrite((value) => normaliseMobilePhone(value) ?? value.replace(/\s+/g, ' '))

/** The same, and an Israeli mobile only: for a shop whose couriers text the customer. */
export const MobilePhoneSchema = PhoneSchema.refine((value) => normaliseMobilePhone(value) !== null, {
  error: 'validation.phoneMobile',
})

/**
 * The owner's checkout setting (a shop setting, decision 253): ask for a mobile only when
 * the couriers send the customer an SMS; otherwise any phone of the spec's ten characters.
 */
export const CheckoutSettingsSchema = z.object({ mobilePhoneOnly: z.boolean() })
export type CheckoutSettings = z.infer<typeof CheckoutSettingsSchema>

export const DEFAULT_CHECKOUT_SETTINGS: CheckoutSettings = { mobilePhoneOnly: false }

import { describe, expect, it } from 'vitest'
import { CheckoutCustomerSchema, checkoutCustomerSchemaFor } from './order.schemas.js'
import { DEFAULT_CHECKOUT_SETTINGS, normaliseMobilePhone } from './phone.js'

const customer = (phone: string, address: Record<string, string> = {}) => ({
  firstName: 'נועה',
  lastName: 'כהן',
  email: 'noa@example.com',
  phone,
  address: { street: 'הרצל', streetNum: '12', city: 'תל אביב-יפו', ...address },
})

/** The checkout's answer for a phone under the owner's setting: the stored number, or the message key of the first issue. */
function checkoutPhone(phone: string, mobilePhoneOnly = true) {
  const parsed = checkoutCustomerSchemaFor({ mobilePhoneOnly }).safeParse(customer(phone))
  return parsed.success ? parsed.data.phone : `error:${parsed.error.issues[0]!.message}`
}

describe('the checkout phone when couriers need a mobile (decisions 225, 253)', () => {
  it.each([
    ['05X-XXXXXXX', '050-1234567'],
    ['05XXXXXXXX', '0501234567'],
    ['05X XXX XXXX', '050 123 4567'],
    ['05X-XXX-XXXX', '052-123-4567'],
    ['+972-5X-XXXXXXX', '+972-54-1234567'],
    ['+9725XXXXXXXX', '+972541234567'],
    ['+972 5X XXX XXXX', '+972 54 123 4567'],
    ['+972-5X-XXX-XXXX', '+972-58-123-4567'],
    ['spaces around it', '  058-1234567  '],
  ])('accepts %s and stores it as 05XXXXXXXX', (_form, phone) => {
    const stored = checkoutPhone(phone)
    expect(stored).toMatch(/^05\d{8}$/)
    expect(stored).toBe(`05${phone.replace(/\D/g, '').slice(-8)}`)
  })

  it('stores +972-50-1234567 and 050-1234567 as the same number', () => {
    expect(checkoutPhone('+972-50-1234567')).toBe('0501234567')
    expect(checkoutPhone('050-1234567')).toBe('0501234567')
  })

  it.each([
    ['empty', ''],
    ['a short local number', '050-123'],
    ['letters', 'phone'],
  ])('refuses %s with the message about ten characters', (_case, phone) => {
    expect(checkoutPhone(phone)).toBe('error:validation.phoneMin')
  })

  it.each([
    ['nine digits', '050-123456'],
    ['a landline', '03-12345678'],
    ['a landline with +972', '+972-3-1234567'],
    ['eleven local digits', '050-12345678'],
    ['a number not starting 05', '0612345678'],
    ['+972 with the leading 0 kept', '+972-050-1234567'],
    ['972 without the plus', '972501234567'],
    ['00972', '00972501234567'],
    ['another country', '+1 212 555 1234'],
    ['brackets', '(050) 1234567'],
    ['dots', '050.123.4567'],
    ['a +972 number one digit short', '+972-50-123456'],
  ])('refuses %s with the message about an Israeli mobile', (_case, phone) => {
    expect(checkoutPhone(phone)).toBe('error:validation.phoneMobile')
  })

  it('refuses letters among the digits as no phone at all', () => {
    expect(checkoutPhone('050-123456x7')).toBe('error:validation.phoneInvalid')
  })

  it('normaliseMobilePhone answers null for anything that is not an Israeli mobile', () => {
    expect(normaliseMobilePhone('+972 50-123-4567')).toBe('0501234567')
    expect(normaliseMobilePhone('03-1234567')).toBeNull()
  })
})

describe('the checkout phone when any phone will do (spec §5, decision 253)', () => {
  it('is the contract itself, and the default setting', () => {
    expect(DEFAULT_CHECKOUT_SETTINGS).toEqual({ mobilePhoneOnly: false })
    expect(CheckoutCustomerSchema.parse(customer('02-1234567')).phone).toBe('02-1234567')
  })

  it.each([
    ['a landline of ten characters', '02-1234567', '02-1234567'],
    ['a landline with +972', '+972-3-1234567', '+972-3-1234567'],
    ['another country, spaces collapsed', ' +44 20  7946 0958 ', '+44 20 7946 0958'],
    ['brackets', '(03) 1234567', '(03) 1234567'],
    ['a mobile, stored as 05XXXXXXXX', '+972 54 123 4567', '0541234567'],
  ])('accepts %s', (_case, phone, stored) => {
    expect(checkoutPhone(phone, false)).toBe(stored)
  })

  it.each([
    ['nine characters', '02-123456'],
    ['empty', ''],
  ])('refuses %s with the message about ten characters', (_case, phone) => {
    expect(checkoutPhone(phone, false)).toBe('error:validation.phoneMin')
  })

  it.each([
    ['letters', 'call me please'],
    ['too few digits', '----------12'],
    ['more than 20 characters', '+972 3 123 4567 000 00'],
  ])('refuses %s as no phone', (_case, phone) => {
    expect(checkoutPhone(phone, false)).toBe('error:validation.phoneInvalid')
  })
})

describe('the address details (decision 226)', () => {
  it('takes entrance, floor and apartment, trimmed', () => {
    const parsed = CheckoutCustomerSchema.parse(
      customer('0501234567', { entrance: ' ב ', floor: ' 3 ', apartment: ' 12 ' }),
    )
    expect(parsed.address).toMatchObject({ entrance: 'ב', floor: '3', apartment: '12' })
  })

  it('leaves them out when not given', () => {
    const parsed = CheckoutCustomerSchema.parse(customer('0501234567'))
    expect(parsed.address).not.toHaveProperty('entrance')
    expect(parsed.address).not.toHaveProperty('floor')
    expect(parsed.address).not.toHaveProperty('apartment')
  })

  it.each(['entrance', 'floor', 'apartment'])('refuses a %s over ten characters as too long', (field) => {
    const result = CheckoutCustomerSchema.safeParse(customer('0501234567', { [field]: 'א'.repeat(11) }))
    expect(result.success).toBe(false)
    expect(result.error!.issues[0]).toMatchObject({ path: ['address', field], message: 'validation.tooLong' })
    expect(
      CheckoutCustomerSchema.safeParse(customer('0501234567', { [field]: 'א'.repeat(10) })).success,
    ).toBe(true)
  })
})

import { describe, expect, it } from 'vitest'
import { isValidBusinessNumber } from './business-number.js'

describe('isValidBusinessNumber', () => {
  it.each(['516179157', '520000472', '000000018', '123456782'])('accepts %s', (value) => {
    expect(isValidBusinessNumber(value)).toBe(true)
  })

  it.each([
    ['a wrong check digit', '516179158'],
    ['eight digits', '51617915'],
    ['ten digits', '5161791570'],
    ['letters', '51617915a'],
    ['separators', '516-179157'],
    ['nothing', ''],
  ])('refuses %s', (_case, value) => {
    expect(isValidBusinessNumber(value)).toBe(false)
  })
})

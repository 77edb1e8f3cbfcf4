import { describe, expect, it } from 'vitest'
import { formatShekels, formatShekelsText } from './money-format.js'

describe('formatShekels', () => {
  it.each([
    [0, '0.00 ₪'],
    [69, '69.00 ₪'],
    [12.9, '12.90 ₪'],
    [0.3, '0.30 ₪'],
    [999.99, '999.99 ₪'],
    [1000, '1,000.00 ₪'],
    [1234.5, '1,234.50 ₪'],
    [1234567.89, '1,234,567.89 ₪'],
    [-1234.5, '-1,234.50 ₪'],
  ] as const)('writes %d as "%s"', (value, expected) => {
    expect(formatShekels(value)).toBe(expected)
  })

  it.each([0, 15, 999, 1000, 12.9, 0.3, 1234.5, 1234567.89, -1234.5, -0.001])(
    'writes the digits of %d as Intl does for he-IL',
    (value) => {
      const intl = new Intl.NumberFormat('he-IL', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
      // he-IL marks a minus sign left-to-right (U+200E); our prices are isolated left-to-right anyway.
      expect(formatShekels(value)).toBe(`${intl.format(value).replace('\u200e', '')} ₪`)
    },
  )

  it('never writes the sign before the digits or drops the decimals', () => {
    for (let agorot = 0; agorot < 200_000; agorot += 7) {
      expect(formatShekels(agorot / 100)).toMatch(/^\d{1,3}(,\d{3})*\.\d{2} ₪$/)
    }
  })
})

describe('formatShekelsText', () => {
  it('isolates the amount left-to-right for plain Hebrew text', () => {
    expect(formatShekelsText(64.8)).toBe('\u206664.80 ₪\u2069')
    expect(`סה״כ: ${formatShekelsText(1234.5)}`).toBe('סה״כ: \u20661,234.50 ₪\u2069')
  })
})

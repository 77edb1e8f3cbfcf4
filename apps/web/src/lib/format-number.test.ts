import { describe, expect, it } from 'vitest'
import { formatDecimal } from './format-number'

describe('formatDecimal', () => {
  it.each([
    [0, 0],
    [15, 0],
    [999, 0],
    [1000, 0],
    [1234567, 0],
    [12.9, 2],
    [0.3, 2],
    [1234.5, 2],
    [1234567.89, 2],
    [-1234.5, 2],
    [-0.001, 2],
  ] as const)('writes %d with %d decimals as Intl does for he-IL', (value, digits) => {
    const intl = new Intl.NumberFormat('he-IL', {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    })
    // he-IL marks a minus sign left-to-right (U+200E); our prices sit in a dir="ltr" <bdi>.
    expect(formatDecimal(value, digits)).toBe(intl.format(value).replace('\u200e', ''))
  })
})

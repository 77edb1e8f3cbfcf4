import { describe, expect, it } from 'vitest'
import { cardBrandOf, payplusBrandId } from './card-brand.js'

describe('card brand of a payment (payplus.md §1.7, decision 100)', () => {
  it("maps PayPlus's brand ids when the provider gives no name", () => {
    expect(cardBrandOf({ brandId: 1, brandName: '' })).toBe('mastercard')
    expect(cardBrandOf({ brandId: 2 })).toBe('visa')
    expect(cardBrandOf({ brandId: '4', brandName: null })).toBe('amex')
    expect(cardBrandOf({ brandId: 5 })).toBe('isracard')
    // PayPlus's own table, not the spec's "8 is Visa": 8 is Maestro.
    expect(cardBrandOf({ brandId: 8 })).toBe('maestro')
  })

  it("prefers the provider's name for this card over an id, in any case or spelling", () => {
    expect(cardBrandOf({ brandId: 2, brandName: 'mastercard' })).toBe('mastercard')
    expect(cardBrandOf({ brandId: 8, brandName: 'VISA' })).toBe('visa')
    expect(cardBrandOf({ brandName: 'American Express' })).toBe('amex')
    expect(cardBrandOf({ brandName: 'jbc' })).toBe('jcb')
  })

  it('knows nothing of an unknown id or name', () => {
    expect(cardBrandOf({ brandId: 99, brandName: 'unionpay' })).toBeNull()
    expect(cardBrandOf({ brandId: '', brandName: '' })).toBeNull()
    expect(cardBrandOf({})).toBeNull()
  })

  it('gives the sandbox the same ids back', () => {
    expect(payplusBrandId('visa')).toBe(2)
    expect(payplusBrandId('maestro')).toBe(8)
    expect(payplusBrandId('max')).toBeNull()
  })
})

import { describe, expect, it } from 'vitest'
import { foldForSearch, searchTextOf } from './search-text.js'

describe('foldForSearch', () => {
  it('maps final letters to their plain forms', () => {
    expect(foldForSearch('ךםןףץ')).toBe('כמנפצ')
  })
  it('drops niqqud and geresh/gershayim', () => {
    expect(foldForSearch('פִּלְפֵּל')).toBe('פלפל')
    expect(foldForSearch('ג׳ינג׳ר')).toBe('גינגר')
    expect(foldForSearch("ג'ינג'ר")).toBe('גינגר')
    expect(foldForSearch('תה״ל')).toBe('תהל')
  })
  it('lower-cases Latin and collapses punctuation and spaces', () => {
    expect(foldForSearch('  Berbere,  Spice-Mix ')).toBe('berbere spice mix')
  })
  it('joins several fields', () => {
    expect(searchTextOf('פלפל שחור', null, 'Black Pepper')).toBe('פלפל שחור black pepper')
  })
})

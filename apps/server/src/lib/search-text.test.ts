import { describe, expect, it } from 'vitest'
import { containsPattern, foldForSearch, searchTextOf, searchWordsOf } from './search-text.js'

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

describe('search words and patterns', () => {
  it('splits a folded query into words', () => {
    expect(searchWordsOf('  קמח   טף! ')).toEqual(['קמח', 'טפ'])
    expect(searchWordsOf('׳׳')).toEqual([])
    expect(searchWordsOf(undefined)).toEqual([])
  })
  it('takes LIKE wildcards literally', () => {
    expect(containsPattern('a%b_c\\d')).toBe('%a\\%b\\_c\\\\d%')
  })
})

import { describe, expect, it } from 'vitest'
import {
  containsPattern,
  foldForSearch,
  searchTermsOf,
  searchTextOf,
  searchWordsOf,
  wholeWordPattern,
  wordFormsOf,
  wordStartPattern,
} from './search-text.js'

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

describe('Hebrew singular and plural forms', () => {
  it('gives a feminine singular its plurals, and a plural its singulars (folded, so ־ים is ־ימ)', () => {
    expect(wordFormsOf('עדשה')).toEqual(['עדשה', 'עדשות', 'עדשימ'])
    expect(wordFormsOf('עדשימ')).toEqual(['עדשימ', 'עדשה', 'עדשות', 'עדש'])
    expect(wordFormsOf('עגבניות')).toEqual(['עגבניות', 'עגבניה', 'עגבניימ', 'עגבני'])
    expect(wordFormsOf('פלפל')).toEqual(['פלפל', 'פלפלימ', 'פלפלות'])
  })
  it('leaves short words, stems under three letters and Latin words alone', () => {
    expect(wordFormsOf('טפ')).toEqual(['טפ'])
    expect(wordFormsOf('תות')).toEqual(['תות'])
    expect(wordFormsOf('berbere')).toEqual(['berbere'])
    expect(searchTermsOf('עדשה berbere')).toEqual([['עדשה', 'עדשות', 'עדשימ'], ['berbere']])
  })
  it('builds whole-word and word-start patterns with wildcards taken literally', () => {
    expect(wholeWordPattern('קפה')).toBe('% קפה %')
    expect(wordStartPattern('a%b')).toBe('% a\\%b%')
  })
})

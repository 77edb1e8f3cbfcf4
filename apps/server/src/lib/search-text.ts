/**
 * Folds text for Hebrew-aware search, applied both to the stored `search_text`
 * column and to the visitor's query, so that:
 * - niqqud and cantillation marks are ignored (U+0591–U+05C7);
 * - geresh/gershayim and their ASCII look-alikes are dropped (ג׳ינג׳ר = גינגר);
 * - final letters match their plain forms (ך/כ, ם/מ, ן/נ, ף/פ, ץ/צ);
 * - Latin letters are lower-cased and white space is collapsed.
 */
const FINAL_TO_PLAIN: Record<string, string> = { ך: 'כ', ם: 'מ', ן: 'נ', ף: 'פ', ץ: 'צ' }

export function foldForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0591-\u05C7]/g, '')
    .replace(/[\u05F3\u05F4'"`´‘’“”]/g, '')
    .replace(/[ךםןףץ]/g, (letter) => FINAL_TO_PLAIN[letter] ?? letter)
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

/** The value stored in a row's `search_text`: every searchable field, folded. */
export function searchTextOf(...fields: Array<string | null | undefined>): string {
  return fields
    .filter((field): field is string => Boolean(field))
    .map(foldForSearch)
    .join(' ')
}

/** The query's words, folded like `search_text`; every one must occur in a matching row. */
export function searchWordsOf(query: string | undefined): string[] {
  if (!query) return []
  return foldForSearch(query).split(' ').filter(Boolean)
}

/** A LIKE pattern matching `word` anywhere, with LIKE's wildcards taken literally. */
export function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

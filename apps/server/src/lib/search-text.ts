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

const HEBREW_WORD = /^[\u05D0-\u05EA]+$/

/**
 * A folded query word with its simple Hebrew singular/plural forms, the word first:
 * feminine ־ה ↔ ־ות, and either ↔ masculine ־ים (folded: ־ימ). "עדשה" also finds
 * "עדשים"; "פלפלים" also finds "פלפל". Only Hebrew words of three letters or more, no
 * form shorter than three letters and no stem of one letter, so short words do not match
 * half the catalogue.
 */
export function wordFormsOf(word: string): string[] {
  if (word.length < 3 || !HEBREW_WORD.test(word)) return [word]
  const forms = [word]
  const add = (form: string) => {
    if (form.length >= 3 && !forms.includes(form)) forms.push(form)
  }
  if (word.endsWith('ה')) {
    const stem = word.slice(0, -1)
    add(`${stem}ות`)
    add(`${stem}ימ`)
  } else if (word.endsWith('ות') || word.endsWith('ימ')) {
    const stem = word.slice(0, -2)
    // "תות" is no plural of "ת": a one-letter stem has no forms.
    if (stem.length < 2) return forms
    add(`${stem}ה`)
    add(word.endsWith('ות') ? `${stem}ימ` : `${stem}ות`)
    add(stem)
  } else {
    add(`${word}ימ`)
    add(`${word}ות`)
  }
  return forms
}

/** The query's words, each with its forms (`wordFormsOf`): a row must match one form of every word. */
export function searchTermsOf(query: string | undefined): string[][] {
  return searchWordsOf(query).map(wordFormsOf)
}

/** `word` with LIKE's wildcards and escape character taken literally. */
function escapeLike(word: string): string {
  return word.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/** A LIKE pattern matching `word` anywhere, with LIKE's wildcards taken literally. */
export function containsPattern(word: string): string {
  return `%${escapeLike(word)}%`
}

/** A LIKE pattern matching `word` as a whole word, in text padded with a space on each side. */
export function wholeWordPattern(word: string): string {
  return `% ${escapeLike(word)} %`
}

/** A LIKE pattern matching a word that starts with `word`, in text padded with a leading space. */
export function wordStartPattern(word: string): string {
  return `% ${escapeLike(word)}%`
}

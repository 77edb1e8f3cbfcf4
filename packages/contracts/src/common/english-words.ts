/**
 * The shop speaks Hebrew (DESIGN §5). These are the Latin-letter words it may still show: true
 * names — the payment provider, payment methods and card brands — not English left in a
 * Hebrew text (issue 35: "(package)", "dd/mm/yyyy", "Notifications Alt+T").
 */
export const LATIN_NAMES: readonly string[] = [
  'PayPlus',
  'Bit',
  'Apple',
  'Google',
  'Pay',
  'Visa',
  'Mastercard',
  'MasterCard',
  'Isracard',
  'Amex',
  'American',
  'Express',
  'Diners',
  'Discover',
  'JCB',
]

// Taken out before words are looked for: they are addresses and codes, not words.
const NOT_WORDS = [
  /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, // e-mail addresses
  /\bhttps?:\/\/\S+/g, // web addresses
  /\b[\w-]+(?:\.[\w-]+)*\.(?:example|test|local|shop|com|co\.il|org|net)\b(?:\/\S*)?/g, // bare host names
  /\bTV-\d+\b/g, // order numbers
  /\b[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}\b/gi, // transaction ids
]

/**
 * The English words in a text the shop shows: Latin-letter words other than e-mail and web
 * addresses, order numbers, codes (letters with digits: a coupon's SAVE10), LATIN_NAMES and
 * `allowed` (names in the data: a brand, a customer's Latin name). Empty when the text is all
 * Hebrew.
 */
export function englishWordsIn(text: string, allowed: readonly string[] = []): string[] {
  const names = new Set([...LATIN_NAMES, ...allowed])
  const cleaned = NOT_WORDS.reduce((rest, pattern) => rest.replace(pattern, ' '), text)
  return (cleaned.match(/[A-Za-z][A-Za-z\d'’]*/g) ?? []).filter(
    (word) => !names.has(word) && !/\d/.test(word),
  )
}

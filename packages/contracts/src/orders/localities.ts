import { LOCALITIES, LOCALITY_ALIASES } from './localities.data.js'

/**
 * Israel's localities (decision 227): the checkout's city field and the delivery zones accept
 * only these names. The list is generated from the Central Bureau of Statistics' list
 * (`npm run localities:refresh`), never typed by hand.
 */
export { LOCALITIES }

/**
 * The form two spellings of one name share: no niqqud, one kind of quote (׳ ״ ' " ` all
 * dropped), dashes and dots as spaces, single spaces. "תל-אביב – יפו" and "תל אביב יפו" meet.
 */
export function normaliseLocalityName(name: string): string {
  return name
    .normalize('NFC')
    .replace(/[\u0591-\u05C7]/g, '')
    .replace(/['"`׳״\u2018\u2019\u201C\u201D]/g, '')
    .replace(/[-\u2010-\u2015.,()]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

let byKey: Map<string, string> | null = null

/**
 * Every accepted spelling → the list's name: the name itself, and the merged and former
 * names the CBS gives ("תל אביב" and "יפו" → "תל אביב-יפו", "נצרת עילית" → "נוף הגליל").
 */
function index(): Map<string, string> {
  if (byKey) return byKey
  const map = new Map<string, string>()
  for (const [alias, name] of Object.entries(LOCALITY_ALIASES)) map.set(normaliseLocalityName(alias), name)
  for (const name of LOCALITIES) map.set(normaliseLocalityName(name), name)
  byKey = map
  return map
}

/** The list's name for what was typed, or null when it is not an Israeli locality. */
export function findLocality(typed: string): string | null {
  return index().get(normaliseLocalityName(typed)) ?? null
}

/**
 * Up to `limit` localities for what is typed so far: names (or former names) that start with
 * it first, then those with a word that starts with it, each group in Hebrew order.
 */
export function suggestLocalities(typed: string, limit = 8): string[] {
  const query = normaliseLocalityName(typed)
  if (!query) return []
  const starts = new Set<string>()
  const words = new Set<string>()
  for (const [key, name] of index()) {
    if (key.startsWith(query)) starts.add(name)
    else if (key.includes(` ${query}`)) words.add(name)
  }
  const byHebrew = (a: string, b: string) => a.localeCompare(b, 'he')
  const ordered = [...[...starts].sort(byHebrew), ...[...words].sort(byHebrew)]
  return [...new Set(ordered)].slice(0, limit)
}

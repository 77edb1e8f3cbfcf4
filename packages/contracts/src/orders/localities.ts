import { LOCALITIES } from './localities.data.js'

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
 * Every accepted spelling → the list's name. Besides the name itself, a name made of parts
 * ("תל אביב - יפו", "מודיעין-מכבים-רעות") is also found by its first part, when no other
 * locality has that name: people write "תל אביב" and "מודיעין".
 */
function index(): Map<string, string> {
  if (byKey) return byKey
  const map = new Map<string, string>()
  for (const name of LOCALITIES) map.set(normaliseLocalityName(name), name)
  for (const name of LOCALITIES) {
    const first = name.split(/\s*-\s*/)[0]
    if (!first || first === name) continue
    const key = normaliseLocalityName(first)
    if (!map.has(key)) map.set(key, name)
  }
  byKey = map
  return map
}

/** The list's name for what was typed, or null when it is not an Israeli locality. */
export function findLocality(typed: string): string | null {
  return index().get(normaliseLocalityName(typed)) ?? null
}

/**
 * Up to `limit` localities for what is typed so far: names that start with it first, then
 * names with a word that starts with it, each group in the list's (alphabetical) order.
 */
export function suggestLocalities(typed: string, limit = 8): string[] {
  const query = normaliseLocalityName(typed)
  if (!query) return []
  const starts: string[] = []
  const words: string[] = []
  for (const name of LOCALITIES) {
    const key = normaliseLocalityName(name)
    if (key.startsWith(query)) starts.push(name)
    else if (key.includes(` ${query}`)) words.push(name)
    if (starts.length >= limit) break
  }
  return [...starts, ...words].slice(0, limit)
}

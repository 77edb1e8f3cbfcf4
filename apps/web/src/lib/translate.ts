import type translation from '../../public/locales/he/translation.json'

/**
 * The shop's own `t()` over the Hebrew file (decision 163): the same keys, `{{name}}`
 * interpolation without escaping (React escapes), Hebrew plural forms chosen by
 * `Intl.PluralRules` (`_one`, `_two`, `_other`), `returnObjects` for lists and groups.
 * It replaced i18next, its http backend and react-i18next (≈ 17 KB gzip of the first load of /).
 */

/** Spec §1: the language, and its fallback. */
export const LANGUAGE = 'he-IL'

/** Where the browser loads the strings from (spec §1, decision 101). */
export const TRANSLATION_URL = `/locales/${LANGUAGE}/translation.json`

type Resources = typeof translation
type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other'

/** Every path to a string of the file. */
type StringPaths<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? `${Prefix}${K}`
    : T[K] extends readonly unknown[]
      ? never
      : StringPaths<T[K], `${Prefix}${K}.`>
}[keyof T & string]

/** Every path to a list or a group (read with `returnObjects`). */
type ObjectPaths<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? never
    : T[K] extends readonly unknown[]
      ? `${Prefix}${K}`
      : `${Prefix}${K}` | ObjectPaths<T[K], `${Prefix}${K}.`>
}[keyof T & string]

type WithoutPlural<K> = K extends `${infer Base}_${PluralSuffix}` ? Base : never

type ValueAt<T, K extends string> = K extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? ValueAt<T[Head], Rest>
    : never
  : K extends keyof T
    ? T[K]
    : never

type StringKey = StringPaths<Resources>
/** A key of a string, or the base of a counted one (`catalog.resultCount`). */
export type ParseKeys = StringKey | WithoutPlural<StringKey>
export type ObjectKey = ObjectPaths<Resources>

export type TOptions = { count?: number; returnObjects?: boolean } & Record<string, unknown>

export interface TFunction {
  <K extends ObjectKey>(key: K, options: TOptions & { returnObjects: true }): ValueAt<Resources, K>
  (key: ParseKeys, options?: TOptions): string
}

export type Translator = {
  t: TFunction
  /** True when the key names a string (or counted strings) of the file. */
  exists(key: string): boolean
  language: string
  /** `{{name}}` filled from `values`; a value not given leaves its placeholder. */
  interpolate(text: string, values?: Record<string, unknown>): string
}

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g

export function interpolate(text: string, values?: Record<string, unknown>): string {
  if (!values || !text.includes('{{')) return text
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values[name]
    return value === undefined || value === null ? whole : String(value)
  })
}

/** Lists and groups come back with every string in them interpolated, as i18next did. */
function interpolateDeep(node: unknown, values?: Record<string, unknown>): unknown {
  if (typeof node === 'string') return interpolate(node, values)
  if (Array.isArray(node)) return node.map((item) => interpolateDeep(item, values))
  if (node && typeof node === 'object') {
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [key, interpolateDeep(value, values)]),
    )
  }
  return node
}

function lookup(resources: Record<string, unknown>, key: string): unknown {
  let node: unknown = resources
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return undefined
    node = (node as Record<string, unknown>)[part]
  }
  return node
}

/** Builds `t()` over one language's strings; the browser, the server and the tests share it. */
export function createTranslator(resources: Record<string, unknown>): Translator {
  const plurals = new Intl.PluralRules(LANGUAGE)

  function resolve(key: string, count: unknown): unknown {
    if (typeof count === 'number') {
      const counted =
        lookup(resources, `${key}_${plurals.select(count)}`) ?? lookup(resources, `${key}_other`)
      if (typeof counted === 'string') return counted
    }
    return lookup(resources, key)
  }

  function translate(key: string, options?: TOptions): unknown {
    const found = resolve(key, options?.count)
    if (typeof found === 'string') return interpolate(found, options)
    if (found !== undefined && options?.returnObjects) return interpolateDeep(found, options)
    // A missing key shows as itself, as with i18next: visible, and caught by the key tests.
    return key
  }

  return {
    t: translate as TFunction,
    exists: (key) =>
      typeof lookup(resources, key) === 'string' || typeof lookup(resources, `${key}_other`) === 'string',
    language: LANGUAGE,
    interpolate,
  }
}

/** The browser's strings: one request to spec §1's address, preloaded by index.html. */
export async function loadTranslator(fetchImpl: typeof fetch = fetch): Promise<Translator> {
  try {
    const response = await fetchImpl(TRANSLATION_URL)
    if (!response.ok) throw new Error(`HTTP ${response.status}`)
    return createTranslator((await response.json()) as Record<string, unknown>)
  } catch {
    // As with i18next: the page still renders, showing keys, rather than staying blank.
    return createTranslator({})
  }
}

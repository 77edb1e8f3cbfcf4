import { describe, expect, it } from 'vitest'
import translation from '../../public/locales/he/translation.json'
import { createTranslator } from './i18n'

// Hebrew has a dual: Intl.PluralRules('he') picks `two` for 2 (Node 20 and Chromium 156 both
// give one/two/other). A counted key without its `_two` form showed the raw key on screen.
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/

function flatten(node: unknown, prefix = ''): Record<string, string> {
  if (typeof node === 'string') return { [prefix]: node }
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    Object.assign(out, flatten(value, prefix ? `${prefix}.${key}` : key))
  }
  return out
}

const flat = flatten(translation)
const countedKeys = [
  ...new Set(
    Object.keys(flat)
      .filter((key) => PLURAL_SUFFIX.test(key))
      .map((key) => key.replace(PLURAL_SUFFIX, '')),
  ),
]
const categories = new Intl.PluralRules('he').resolvedOptions().pluralCategories

describe('counted strings in Hebrew', () => {
  it('finds the counted keys (the scan itself works)', () => {
    expect(countedKeys).toEqual(expect.arrayContaining(['catalog.resultCount', 'recipesPage.addedAll']))
    expect(categories).toEqual(expect.arrayContaining(['one', 'two', 'other']))
  })

  it.each(countedKeys)('%s has every plural form the runtime asks for', (key) => {
    const missing = categories.filter((category) => !(`${key}_${category}` in flat))
    expect(missing).toEqual([])
  })

  it.each(countedKeys)('%s reads as Hebrew for 0, 1, 2, 3, 10 and 100', (key) => {
    const { t } = createTranslator(translation)
    for (const count of [0, 1, 2, 3, 10, 100]) {
      const text = t(key as never, { count })
      expect(text, `${key} with ${count}`).not.toContain(key)
      expect(text, `${key} with ${count}`).not.toMatch(/{{|}}|_(one|two|other)/)
      expect(text, `${key} with ${count}`).toMatch(/[\u0590-\u05FF]/)
      if (count >= 3) expect(text, `${key} with ${count}`).toContain(String(count))
    }
  })
})

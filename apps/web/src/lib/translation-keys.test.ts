import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import translation from '../../public/locales/he/translation.json'

// The typed `t()` catches most missing keys at compile time, but not keys kept in data
// (`labelKey: '…'`), `<Trans i18nKey>`, message keys in the shared schemas, or the fixed
// part of a key built at run time (`admin.orders.statuses.${status}`). This scan reads the
// source as written and checks each of them against the Hebrew file.
const webSrc = path.resolve(__dirname, '..')
const contractsSrc = path.resolve(__dirname, '../../../../packages/contracts/src')

function sourceFiles(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) => path.join(dir, file))
}

function lookup(key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>(
      (node, part) =>
        node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined,
      translation,
    )
}

/** A key exists as a string, or as the base of counted forms (`key_one`, `key_other`). */
function hasString(key: string): boolean {
  if (typeof lookup(key) === 'string') return true
  if (returnsObjects.has(key)) return typeof lookup(key) === 'object'
  const dot = key.lastIndexOf('.')
  const parent = lookup(key.slice(0, dot))
  const leaf = key.slice(dot + 1)
  return !!parent && typeof parent === 'object' && `${leaf}_other` in parent
}

const sections = Object.keys(translation)
const KEY_LIKE = new RegExp(`^(${sections.join('|')})(\\.[A-Za-z0-9_]+)+$`)

// `t(key, { returnObjects: true })` reads a list or a group, not one string.
const returnsObjects = new Set<string>()

function usedKeys() {
  const literal = new Map<string, string>()
  const prefixes = new Map<string, string>()
  for (const file of sourceFiles(webSrc)) {
    const text = fs.readFileSync(file, 'utf8')
    const where = path.relative(webSrc, file)
    for (const [, key] of text.matchAll(/\bt\(\s*['"]([^'"]+)['"]/g)) literal.set(key!, where)
    for (const [, key] of text.matchAll(/\bt\(\s*['"]([^'"]+)['"],\s*\{\s*returnObjects:\s*true/g))
      returnsObjects.add(key!)
    for (const [, key] of text.matchAll(/i18nKey=\{?\s*['"]([^'"]+)['"]/g)) literal.set(key!, where)
    for (const [, key] of text.matchAll(/[A-Za-z]*Key:\s*['"]([^'"]+)['"]/g)) literal.set(key!, where)
    for (const [, prefix] of text.matchAll(/\bt\(\s*`([^`$]+)\.\$\{/g)) prefixes.set(prefix!, where)
  }
  // The shared schemas carry message keys the web app translates (STYLE rule 11).
  for (const file of sourceFiles(contractsSrc)) {
    const text = fs.readFileSync(file, 'utf8')
    for (const [, key] of text.matchAll(/['"]([a-zA-Z][\w.]+)['"]/g)) {
      if (KEY_LIKE.test(key!)) literal.set(key!, path.relative(contractsSrc, file))
    }
  }
  return { literal, prefixes }
}

describe('translation keys the code uses', () => {
  const { literal, prefixes } = usedKeys()

  it('finds the keys (the scan itself works)', () => {
    expect(literal.size).toBeGreaterThan(200)
    expect(literal.get('nav.home')).toBe(path.join('components', 'layout', 'nav-items.ts'))
    expect([...prefixes.keys()]).toContain('admin.orders.statuses')
  })

  it('every literal key is in the Hebrew file', () => {
    const missing = [...literal].filter(([key]) => !hasString(key)).map(([key, file]) => `${key} (${file})`)
    expect(missing).toEqual([])
  })

  it('every key built at run time starts with a section of the Hebrew file', () => {
    const missing = [...prefixes]
      .filter(([prefix]) => {
        const node = lookup(prefix)
        return !node || typeof node !== 'object'
      })
      .map(([prefix, file]) => `${prefix} (${file})`)
    expect(missing).toEqual([])
  })
})

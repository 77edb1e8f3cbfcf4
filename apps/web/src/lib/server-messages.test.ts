import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import translation from '../../public/locales/he/translation.json'

// Everything the server can answer with must reach the person in Hebrew (DESIGN §5): each
// error code (shown as errors.api.<code>) and each message key it puts in a field detail
// (`{ field, message: 'validation.nameTaken' }`). Both lists are read from the server's
// sources as written, so a key added there without its Hebrew text fails here. Reading the
// files is not an import: the web app still never depends on the server (STYLE).
const serverSrc = path.resolve(__dirname, '../../../server/src')

function serverSources(): Array<{ file: string; text: string }> {
  return (fs.readdirSync(serverSrc, { recursive: true }) as string[])
    .filter(
      (file) => file.endsWith('.ts') && !/\.(test|robustness)\.ts$/.test(file) && !file.endsWith('.d.ts'),
    )
    .filter((file) => !file.split(path.sep).includes('test'))
    .map((file) => ({ file, text: fs.readFileSync(path.join(serverSrc, file), 'utf8') }))
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

const sections = Object.keys(translation)
const KEY_LIKE = new RegExp(`^(${sections.join('|')})(\\.[A-Za-z0-9_]+)+$`)

/** The codes of the server's one code→status table, and any code its sources throw or send by name. */
function errorCodes(sources: ReturnType<typeof serverSources>) {
  const codes = new Map<string, string>()
  for (const { file, text } of sources) {
    const table = /STATUS_BY_CODE[^=]*=\s*\{([^}]*)\}/.exec(text)?.[1]
    for (const [, code] of table?.matchAll(/^\s*([A-Z_]+):\s*\d{3},?$/gm) ?? []) codes.set(code!, file)
    for (const [, code] of text.matchAll(/\bAppError\(\s*'([A-Z_]+)'/g)) codes.set(code!, file)
    for (const [, code] of text.matchAll(/\bsend\(\s*reply,\s*'([A-Z_]+)'/g)) codes.set(code!, file)
  }
  return codes
}

/** Every string in the server's sources that is a key of the Hebrew file's sections. */
function messageKeys(sources: ReturnType<typeof serverSources>) {
  const keys = new Map<string, string>()
  for (const { file, text } of sources) {
    for (const [, literal] of text.matchAll(/['"`]([a-zA-Z][\w.]+)['"`]/g)) {
      if (KEY_LIKE.test(literal!) && !keys.has(literal!)) keys.set(literal!, file)
    }
  }
  return keys
}

describe('what the server can send has Hebrew text', () => {
  const sources = serverSources()
  const codes = errorCodes(sources)
  const keys = messageKeys(sources)

  it('finds the codes and keys (the scan itself works)', () => {
    expect(sources.length).toBeGreaterThan(100)
    expect([...codes.keys()]).toEqual(
      expect.arrayContaining(['VALIDATION_ERROR', 'CONFLICT', 'INTERNAL_ERROR']),
    )
    expect(codes.size).toBeGreaterThan(20)
    expect(keys.get('validation.sizeNameDuplicate')).toBe(
      path.join('modules', 'catalog', 'products', 'products.config.ts'),
    )
    expect([...keys.keys()]).toEqual(
      expect.arrayContaining([
        'validation.required',
        'validation.itemNotFound',
        'upload.errors.uploadFailed',
      ]),
    )
  })

  it('every error code has its Hebrew line (errors.api.<code>)', () => {
    const missing = [...codes].filter(([code]) => typeof lookup(`errors.api.${code}`) !== 'string')
    expect(missing.map(([code, file]) => `${code} (${file})`)).toEqual([])
  })

  it('every message key has its Hebrew text', () => {
    const missing = [...keys].filter(([key]) => typeof lookup(key) !== 'string')
    expect(missing.map(([key, file]) => `${key} (${file})`)).toEqual([])
  })
})

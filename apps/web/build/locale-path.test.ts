import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { localePath, rewriteLocalePath } from './locale-path'

const publicDir = path.resolve(import.meta.dirname, '../public')

describe('translations at the spec path /locales/he-IL/translation.json', () => {
  it('answers the he-IL address with the he file on the dev server, and nothing else', () => {
    expect(rewriteLocalePath('/locales/he-IL/translation.json')).toBe('/locales/he/translation.json')
    expect(rewriteLocalePath('/locales/he/translation.json')).toBeNull()
    expect(rewriteLocalePath('/locales/en/translation.json')).toBeNull()
    expect(rewriteLocalePath('/products')).toBeNull()
  })

  it('writes a copy of every he file under locales/he-IL/ into the browser build only', () => {
    const emitted: Array<{ fileName: string; source: Buffer }> = []
    const run = (ssr: boolean) => {
      const plugin = localePath()
      const configResolved = plugin.configResolved as (config: unknown) => void
      configResolved({ publicDir, build: { ssr } })
      const generateBundle = plugin.generateBundle as (this: unknown) => void
      generateBundle.call({ emitFile: (file: { fileName: string; source: Buffer }) => emitted.push(file) })
    }
    run(true)
    expect(emitted).toEqual([])
    run(false)
    expect(emitted.map((file) => file.fileName)).toEqual(['locales/he-IL/translation.json'])
    expect(
      emitted[0]?.source.equals(fs.readFileSync(path.join(publicDir, 'locales/he/translation.json'))),
    ).toBe(true)
  })
})

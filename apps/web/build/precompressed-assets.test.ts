import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { precompressFolder } from './precompressed-assets'

let folder = ''
afterEach(() => fs.rmSync(folder, { recursive: true, force: true }))

describe('the build compressed ahead of serving (decision 294)', () => {
  it('writes .br and .gz beside each text file worth it, and leaves pictures, fonts, small files and index.html', () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tavlin-precompress-'))
    fs.mkdirSync(path.join(folder, 'assets'))
    fs.mkdirSync(path.join(folder, 'locales', 'he'), { recursive: true })
    const script = `export const words = ${JSON.stringify('תבלין '.repeat(400))}\n`
    fs.writeFileSync(path.join(folder, 'assets', 'page-abc123.js'), script)
    fs.writeFileSync(
      path.join(folder, 'locales', 'he', 'translation.json'),
      JSON.stringify({ t: 'א'.repeat(900) }),
    )
    fs.writeFileSync(path.join(folder, 'assets', 'tiny-abc123.js'), 'export {}\n')
    fs.writeFileSync(path.join(folder, 'assets', 'heebo.woff2'), Buffer.alloc(4096, 7))
    fs.writeFileSync(path.join(folder, 'index.html'), `<html>${'<p>x</p>'.repeat(400)}</html>`)

    const written = precompressFolder(folder)

    expect(written.sort()).toEqual([
      path.join('assets', 'page-abc123.js'),
      path.join('locales', 'he', 'translation.json'),
    ])
    const base = path.join(folder, 'assets', 'page-abc123.js')
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${base}.br`)).toString()).toBe(script)
    expect(zlib.gunzipSync(fs.readFileSync(`${base}.gz`)).toString()).toBe(script)
    expect(fs.readdirSync(folder).sort()).toEqual(['assets', 'index.html', 'locales'])
  })
})

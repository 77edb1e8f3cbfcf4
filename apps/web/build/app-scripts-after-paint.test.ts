import { describe, expect, it } from 'vitest'
import type { Rollup } from 'vite'
import {
  APP_SCRIPTS_ID,
  dynamicStartModules,
  listAppScripts,
  type AppScripts,
} from './app-scripts-after-paint'

// The head Vite writes for the built app (abridged).
const BUILT = `<!doctype html>
<html lang="he" dir="rtl">
  <head>
    <title>תבלין</title>
    <link rel="preload" href="/locales/he-IL/translation.json" as="fetch" crossorigin />
    <script src="/first-paint.js"></script>
    <script type="module" crossorigin src="/assets/index-By_cnCiy.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-sySUN5R7.js">
    <link rel="modulepreload" crossorigin href="/assets/chunk-7RTFRKQW.js">
    <link rel="stylesheet" crossorigin href="/assets/index-BsnYlLQZ.css">
    <link rel="preload" as="font" type="font/woff2" href="/assets/heebo-hebrew.woff2" crossorigin="">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`

function listing(html: string): AppScripts {
  const match = new RegExp(`<script type="application/json" id="${APP_SCRIPTS_ID}">(.*?)</script>`).exec(html)
  if (!match) throw new Error('no listing')
  return JSON.parse(match[1]!) as AppScripts
}

describe('listAppScripts', () => {
  it('lists the entry, its module preloads and the fetch preloads in place of their tags', () => {
    const html = listAppScripts(BUILT)

    expect(listing(html)).toEqual({
      entry: '/assets/index-By_cnCiy.js',
      modules: ['/assets/react-sySUN5R7.js', '/assets/chunk-7RTFRKQW.js'],
      fetches: ['/locales/he-IL/translation.json'],
    })
    expect(html).not.toContain('type="module"')
    expect(html).not.toContain('modulepreload')
    expect(html).not.toContain('as="fetch"')
  })

  it('keeps what the first paint needs: the blocking script, the stylesheet and the fonts', () => {
    const html = listAppScripts(BUILT)

    expect(html).toContain('<script src="/first-paint.js"></script>')
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-BsnYlLQZ.css">')
    expect(html).toContain('rel="preload" as="font"')
    expect(html).toContain('<div id="root"></div>')
  })

  it('fails the build when Vite wrote no module script', () => {
    expect(() => listAppScripts(BUILT.replace(/<script type="module".*<\/script>/, ''))).toThrow(
      /no module script/,
    )
  })

  it('adds the modules the entry loads as it starts, once each and never the entry itself', () => {
    const html = listAppScripts(BUILT, [
      '/assets/client-B9N3jZH7.js',
      '/assets/react-sySUN5R7.js',
      '/assets/index-By_cnCiy.js',
    ])

    expect(listing(html).modules).toEqual([
      '/assets/react-sySUN5R7.js',
      '/assets/chunk-7RTFRKQW.js',
      '/assets/client-B9N3jZH7.js',
    ])
  })
})

describe('dynamicStartModules', () => {
  const chunk = (fileName: string, imports: string[] = [], dynamicImports: string[] = []) =>
    ({ type: 'chunk', fileName, imports, dynamicImports }) as unknown as Rollup.OutputChunk

  it("follows the entry's dynamic imports and everything they import statically", () => {
    const entry = chunk('assets/index.js', [], ['assets/client.js', 'assets/start-app.js'])
    const bundle = {
      'assets/index.js': entry,
      'assets/client.js': chunk('assets/client.js', ['assets/react.js']),
      'assets/start-app.js': chunk(
        'assets/start-app.js',
        ['assets/react.js', 'assets/router.js'],
        ['assets/home-page.js'],
      ),
      'assets/react.js': chunk('assets/react.js'),
      'assets/router.js': chunk('assets/router.js', ['assets/react.js']),
      'assets/home-page.js': chunk('assets/home-page.js'),
      'assets/index.css': { type: 'asset', fileName: 'assets/index.css' },
    } as unknown as Rollup.OutputBundle

    // A page module is loaded by the page's own route, not by the start.
    expect(dynamicStartModules(bundle, entry)).toEqual([
      '/assets/client.js',
      '/assets/react.js',
      '/assets/start-app.js',
      '/assets/router.js',
    ])
  })
})

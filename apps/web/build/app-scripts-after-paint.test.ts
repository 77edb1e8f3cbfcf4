import { describe, expect, it } from 'vitest'
import { APP_SCRIPTS_ID, listAppScripts, type AppScripts } from './app-scripts-after-paint'

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
})

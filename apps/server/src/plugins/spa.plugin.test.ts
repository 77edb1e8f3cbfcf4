import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestContext } from '../test/build-test-app.js'

const IMMUTABLE = 'public, max-age=31536000, immutable'
// Large enough to pass the compression threshold.
const indexBody = `<body><div id="root"></div>${'<!-- padding -->'.repeat(120)}<script type="module" src="/assets/app-abc123.js"></script></body></html>`
const indexHtml = `<!doctype html><html lang="he" dir="rtl"><head><title>תבלין</title><meta name="description" content="built" /></head>${indexBody}`
const appJs = `console.log(${JSON.stringify('תבלין '.repeat(800))})\n`

describe('SPA serving', () => {
  let ctx: TestContext
  let dist: string
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tavlin-dist-'))
    fs.mkdirSync(path.join(dist, 'assets'))
    fs.mkdirSync(path.join(dist, 'locales', 'he'), { recursive: true })
    fs.writeFileSync(path.join(dist, 'index.html'), indexHtml)
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), appJs)
    // As the build writes them (apps/web/build/precompressed-assets.ts): at the highest level.
    fs.writeFileSync(path.join(dist, 'assets', 'page-abc123.js'), appJs)
    fs.writeFileSync(path.join(dist, 'assets', 'page-abc123.js.br'), zlib.brotliCompressSync(appJs))
    fs.writeFileSync(path.join(dist, 'assets', 'page-abc123.js.gz'), zlib.gzipSync(appJs, { level: 9 }))
    fs.writeFileSync(
      path.join(dist, 'locales', 'he', 'translation.json'),
      JSON.stringify({ home: { title: 'בית' } }),
    )
    ctx = await buildTestApp({ webDistDir: dist })
  })
  afterAll(async () => {
    await ctx.close()
    fs.rmSync(dist, { recursive: true, force: true })
  })

  it('caches hashed assets for a year as immutable', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe(IMMUTABLE)
    expect(response.body).toBe(appJs)
  })

  it('revalidates index.html every time', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/index.html' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-cache')
  })

  it.each(['/', '/products?page=2', '/admin/orders'])(
    'falls back to index.html for the client route %s, with its own head and no-cache',
    async (url) => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: encodeURI(url),
        headers: { accept: 'text/html' },
      })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toMatch(/text\/html/)
      expect(response.headers['cache-control']).toBe('no-cache')
      expect(response.body).toMatch(/^<!doctype html><html lang="he" dir="rtl"><head><title data-page-head>/)
      expect(response.body).not.toContain('content="built"')
      expect(response.body.endsWith(`</head>${indexBody}`)).toBe(true)
    },
  )

  it('answers an address the app has no page for with index.html and 404', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: encodeURI('/recipes/מיסיר-ווט'),
      headers: { accept: 'text/html' },
    })
    expect(response.statusCode).toBe(404)
    expect(response.body.endsWith(`</head>${indexBody}`)).toBe(true)
  })

  it('reads index.html again when a new build replaces it', async () => {
    const rebuilt = indexHtml.replace('app-abc123.js', 'app-def456.js')
    fs.writeFileSync(path.join(dist, 'index.html'), rebuilt)
    const future = new Date(Date.now() + 60_000)
    fs.utimesSync(path.join(dist, 'index.html'), future, future)
    try {
      // Noticed within a second (the file is looked at once a second, not on every page).
      const page = async () =>
        (await ctx.app.inject({ method: 'GET', url: '/about', headers: { accept: 'text/html' } })).body
      await expect.poll(page, { timeout: 5000, interval: 100 }).toContain('/assets/app-def456.js')
    } finally {
      fs.writeFileSync(path.join(dist, 'index.html'), indexHtml)
    }
  })

  it('does not cache translations for a year: they change without a new file name', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/locales/he/translation.json' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).not.toContain('immutable')
    expect(response.json()).toEqual({ home: { title: 'בית' } })
  })

  it('answers a missing file with 404, not the page', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/x.js' })
    expect(response.statusCode).toBe(404)
    expect(response.body).not.toContain('<html')
  })

  it('never answers an unknown API path with the page', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { accept: 'text/html' },
    })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' })
  })

  it.each([
    ['br', (data: Buffer) => zlib.brotliDecompressSync(data)],
    ['gzip', (data: Buffer) => zlib.gunzipSync(data)],
  ] as const)('compresses with %s when asked', async (encoding, decode) => {
    for (const url of ['/assets/app-abc123.js', '/products?page=2']) {
      const headers = { accept: 'text/html,*/*' }
      const plain = await ctx.app.inject({ method: 'GET', url, headers })
      const response = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { ...headers, 'accept-encoding': encoding },
      })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-encoding']).toBe(encoding)
      expect(decode(response.rawPayload).toString('utf8')).toBe(plain.body)
    }
  })

  it.each([
    ['br', 'page-abc123.js.br'],
    ['gzip', 'page-abc123.js.gz'],
    ['br, gzip', 'page-abc123.js.br'],
  ])("sends the build's own compressed copy as it is when asked for %s", async (accepted, copy) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/assets/page-abc123.js',
      headers: { 'accept-encoding': accepted },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBe(copy.endsWith('.br') ? 'br' : 'gzip')
    expect(response.headers['content-type']).toMatch(/javascript/)
    expect(response.headers['cache-control']).toBe(IMMUTABLE)
    expect(response.headers.vary).toMatch(/accept-encoding/i)
    expect(response.rawPayload.equals(fs.readFileSync(path.join(dist, 'assets', copy)))).toBe(true)
    const plain = await ctx.app.inject({ method: 'GET', url: '/assets/page-abc123.js' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(appJs)
  })
})

/**
 * The web app's server renderer is a module the server loads from the build; this one
 * keeps to the same contract (createPageRenderer({ fetch, translation }).render(url)),
 * and reads through the fetch it is given, so the API-in-process path runs for real.
 */
const rendererModule = `
export function createPageRenderer({ fetch, translation }) {
  return {
    async render(url) {
      if (url.pathname === '/admin') return undefined
      if (url.pathname === '/about') throw new Error('render failed')
      const health = await (await fetch('/api/health')).json()
      return {
        html: '<h1>' + translation.home.title + '</h1><p>' + url.pathname + url.search + '</p><p>' + health.data.status + '</p>',
        state: JSON.stringify({ path: url.pathname, note: '</script>' }).replace(/</g, '\\\\u003c'),
        heroName: url.pathname === '/' ? 'hero-2' : undefined,
      }
    },
  }
}
`

/** A built web app in a temporary folder, with the stand-in renderer as entry-server.mjs. */
function builtWebAppWithRenderer(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tavlin-dist-'))
  fs.mkdirSync(path.join(dist, 'locales', 'he'), { recursive: true })
  fs.writeFileSync(path.join(dist, 'index.html'), indexHtml)
  fs.writeFileSync(
    path.join(dist, 'locales', 'he', 'translation.json'),
    JSON.stringify({ home: { title: 'בית' } }),
  )
  fs.writeFileSync(path.join(dist, 'entry-server.mjs'), rendererModule)
  return dist
}

describe('pages rendered on the server', () => {
  let ctx: TestContext
  let dist: string
  beforeAll(async () => {
    dist = builtWebAppWithRenderer()
    ctx = await buildTestApp({ webDistDir: dist, webRendererEntry: path.join(dist, 'entry-server.mjs') })
  })
  afterAll(async () => {
    await ctx.close()
    fs.rmSync(dist, { recursive: true, force: true })
  })

  const page = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })

  it('puts the rendered page into #root, with its state beside it and its head above', async () => {
    const response = await page('/products?page=2')
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('<title data-page-head>')
    expect(response.body).toContain(
      '<div id="root"><h1>בית</h1><p>/products?page=2</p><p>ok</p></div>' +
        '<script type="application/json" id="rendered-state">{"path":"/products","note":"\\u003c/script>"}</script>',
    )
    expect(response.body).not.toContain('data-hero')
  })

  it('marks the home page’s first hero picture on <html>', async () => {
    const response = await page('/')
    expect(response.body).toMatch(/^<!doctype html><html data-hero="hero-2" lang="he" dir="rtl">/)
  })

  it('keeps the status of the page head: a missing page is still a 404', async () => {
    const response = await page(encodeURI('/recipes/מיסיר-ווט'))
    expect(response.statusCode).toBe(404)
    expect(response.body).toContain('id="rendered-state"')
  })

  it.each(['/admin', '/about'])('leaves %s to the browser: an empty #root, no state', async (url) => {
    const response = await page(url)
    expect(response.statusCode).toBe(200)
    expect(response.body.endsWith(`</head>${indexBody}`)).toBe(true)
  })
})

// The renderer is imported once the server listens, or by the first page (docs/decisions/165).
describe('the server renderer’s import', () => {
  let dist: string
  beforeAll(() => {
    dist = builtWebAppWithRenderer()
    fs.writeFileSync(path.join(dist, 'broken-entry.mjs'), 'throw new Error("broken build")\n')
  })
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }))

  it('gives a page asked for as soon as the server listens its server rendering', async () => {
    const ctx = await buildTestApp(
      { webDistDir: dist, webRendererEntry: path.join(dist, 'entry-server.mjs') },
      {},
      { listen: true },
    )
    try {
      const response = await fetch(`${ctx.baseUrl}/products`, { headers: { accept: 'text/html' } })
      expect(response.status).toBe(200)
      expect(await response.text()).toContain('<p>/products</p><p>ok</p></div>')
    } finally {
      await ctx.close()
    }
  })

  it('leaves the pages to the browser when the renderer cannot be imported', async () => {
    const ctx = await buildTestApp({
      webDistDir: dist,
      webRendererEntry: path.join(dist, 'broken-entry.mjs'),
    })
    try {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/products',
        headers: { accept: 'text/html' },
      })
      expect(response.statusCode).toBe(200)
      expect(response.body.endsWith(`</head>${indexBody}`)).toBe(true)
    } finally {
      await ctx.close()
    }
  })
})

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestContext } from '../test/build-test-app.js'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const appJs = `console.log(${JSON.stringify('תבלין '.repeat(800))})\n`
// Under the compression threshold: the build writes no compressed copy of it.
const tinyJs = 'export const tiny = 1\n'

describe("the build's files at the door (decision 296)", () => {
  let ctx: TestContext
  let dist: string
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tavlin-dist-'))
    fs.mkdirSync(path.join(dist, 'assets'))
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><body><div id="root"></div></body></html>',
    )
    fs.writeFileSync(path.join(dist, 'assets', 'page-abc123.js'), appJs)
    fs.writeFileSync(path.join(dist, 'assets', 'tiny-abc123.js'), tinyJs)
    fs.writeFileSync(path.join(dist, 'assets', 'kept-abc123.js'), appJs)
    fs.writeFileSync(path.join(dist, 'assets', 'kept-abc123.js.br'), zlib.brotliCompressSync(appJs))
    ctx = await buildTestApp({ webDistDir: dist })
  })
  afterAll(async () => {
    await ctx.close()
    fs.rmSync(dist, { recursive: true, force: true })
  })

  it('answers a file of the build from memory once read, with the security headers and its copy', async () => {
    const url = '/assets/kept-abc123.js'
    const first = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } })
    // Gone from the folder: only a copy kept in memory can answer now.
    for (const file of ['kept-abc123.js', 'kept-abc123.js.br']) fs.rmSync(path.join(dist, 'assets', file))
    const again = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } })
    for (const response of [first, again]) {
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-encoding']).toBe('br')
      expect(zlib.brotliDecompressSync(response.rawPayload).toString('utf8')).toBe(appJs)
      expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8')
      expect(response.headers['cache-control']).toBe(IMMUTABLE)
      expect(response.headers['x-content-type-options']).toBe('nosniff')
      expect(response.headers['content-security-policy']).toContain("script-src 'self'")
    }
    const unchanged = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br', 'if-none-match': String(again.headers.etag) },
    })
    expect(unchanged.statusCode).toBe(304)
    expect(unchanged.body).toBe('')
  })

  it('sends a file under the compression threshold as it is, however it is asked for', async () => {
    for (const accepted of ['br', 'gzip', 'identity']) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/assets/tiny-abc123.js',
        headers: { 'accept-encoding': accepted },
      })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-encoding']).toBeUndefined()
      expect(response.body).toBe(tinyJs)
    }
  })

  it('leaves a range, an address the build did not write and one outside the folder to the static files', async () => {
    const range = await ctx.app.inject({
      method: 'GET',
      url: '/assets/page-abc123.js',
      headers: { range: 'bytes=0-6' },
    })
    expect(range.statusCode).toBe(206)
    expect(range.body).toBe(appJs.slice(0, 7))
    for (const url of ['/assets/missing-abc123.js', '/assets/..%2Findex.html']) {
      const response = await ctx.app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(404)
    }
  })
})

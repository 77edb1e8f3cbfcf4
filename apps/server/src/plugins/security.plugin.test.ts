import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestContext } from '../test/build-test-app.js'

const CSP =
  "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self' https:;frame-ancestors 'self';" +
  "img-src 'self' data: blob: https:;object-src 'none';script-src 'self';script-src-attr 'none';" +
  "style-src 'self' 'unsafe-inline';connect-src 'self' https:;frame-src 'self' https:"

describe('security headers on every answer', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await buildTestApp()
  })
  afterAll(() => ctx.close())

  it('sends the strict policy with a catalogue read, a repeat of it and an error', async () => {
    for (let i = 0; i < 2; i++) {
      const read = await ctx.app.inject({ url: '/api/products?page=1&limit=9' })
      expect(read.statusCode).toBe(200)
      expect(read.headers['content-security-policy']).toBe(CSP)
      expect(read.headers['x-content-type-options']).toBe('nosniff')
      expect(read.headers['x-frame-options']).toBe('SAMEORIGIN')
      expect(read.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups')
      expect(read.headers['referrer-policy']).toBe('no-referrer')
    }
    const missing = await ctx.app.inject({ url: '/api/products/not-a-product' })
    expect(missing.statusCode).toBeGreaterThanOrEqual(400)
    expect(missing.headers['content-security-policy']).toBe(CSP)
  })

  // The sign-in popup goes through the provider's own answers (Koa under middie) and the
  // shop's pages: one Cross-Origin-Opener-Policy for all, or the popup loses its opener.
  it('sends the same opener policy with the identity provider’s own answers', async () => {
    const discovery = await ctx.app.inject({ url: '/oidc/.well-known/openid-configuration' })
    expect(discovery.statusCode).toBe(200)
    expect(discovery.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups')
    expect(discovery.headers['x-content-type-options']).toBe('nosniff')
  })

  it('asks browsers for HTTPS only when the shop is served over HTTPS', async () => {
    const plain = await ctx.app.inject({ url: '/api/health' })
    expect(plain.headers['strict-transport-security']).toBeUndefined()
    const https = await buildTestApp({ publicUrl: 'https://shop.example' })
    try {
      const answer = await https.app.inject({ url: '/api/health' })
      expect(answer.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains')
      expect(answer.headers['content-security-policy']).toContain(';upgrade-insecure-requests;')
    } finally {
      await https.close()
    }
  })
})

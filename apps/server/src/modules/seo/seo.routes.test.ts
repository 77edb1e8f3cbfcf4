import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Package, Product, Recipe } from '@tavlin/contracts'
import type { TestContext } from '../../test/build-test-app.js'
import { create, productInput } from '../../test/catalog-factory.js'
import { ORIGIN, meta, canonical, title, jsonLd, openSeoShop, type SeoShop } from '../../test/seo-shop.js'

describe('search engines: robots, sitemap and the other pages', () => {
  let shop: SeoShop
  let ctx: TestContext
  let berbere: Product
  let misirWot: Recipe
  let misirBox: Package
  let hostile: Product

  const page = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: encodeURI(url), headers: { accept: 'text/html', ...headers } })

  beforeAll(async () => {
    shop = await openSeoShop()
    ;({ ctx, berbere, misirWot, misirBox, hostile } = shop)
  })
  afterAll(async () => {
    await shop?.close()
  })

  describe('robots.txt', () => {
    it('lets crawlers into the shop, not into private pages and endpoints, and names the sitemap', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/robots.txt' })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8')
      const lines = response.body.split('\n')
      expect(lines).toContain('User-agent: *')
      expect(lines).toContain('Allow: /')
      for (const path of ['/admin', '/checkout/', '/thank-you', '/account', '/api/', '/oidc/', '/sandbox/']) {
        expect(lines).toContain(`Disallow: ${path}`)
      }
      // The checkout page itself may be crawled (decision 086); what follows it may not.
      expect(lines).not.toContain('Disallow: /checkout')
      expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`)
    })
  })

  describe('sitemap.xml', () => {
    it('lists the pages and every product, recipe and package at its absolute address', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toBe('application/xml; charset=utf-8')
      expect(response.body).toMatch(
        /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
      )
      const locs = [...response.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1])
      for (const path of [
        '/',
        '/products',
        '/recipes',
        '/packages',
        '/events',
        '/about',
        '/contact',
        '/privacy',
        '/terms',
      ]) {
        expect(locs).toContain(`${ORIGIN}${path}`)
      }
      expect(locs).toContain(`${ORIGIN}/products/${berbere._id}/info`)
      expect(locs).toContain(`${ORIGIN}/products/${hostile._id}/info`)
      expect(locs).toContain(`${ORIGIN}/recipes/${misirWot._id}`)
      expect(locs).toContain(`${ORIGIN}/packages/${misirBox._id}/info`)
      expect(locs.some((loc) => loc?.includes('/checkout') || loc?.includes('/admin'))).toBe(false)
      expect(response.body).toContain(
        `<url><loc>${ORIGIN}/recipes/${misirWot._id}</loc><lastmod>${misirWot.updatedAt}</lastmod></url>`,
      )
    })

    it('revalidates with an ETag and changes when the catalogue does', async () => {
      const first = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' })
      const etag = first.headers.etag as string
      expect(etag).toBeTruthy()
      const again = await ctx.app.inject({
        method: 'GET',
        url: '/sitemap.xml',
        headers: { 'if-none-match': etag },
      })
      expect(again.statusCode).toBe(304)

      const added = await create<Product>(ctx.app, 'products', productInput())
      const after = await ctx.app.inject({
        method: 'GET',
        url: '/sitemap.xml',
        headers: { 'if-none-match': etag },
      })
      expect(after.statusCode).toBe(200)
      expect(after.body).toContain(`${ORIGIN}/products/${added._id}/info`)
    })
  })

  describe('the other pages', () => {
    it('gives the home page the site title, description and WebSite data', async () => {
      const html = (await page('/')).body
      expect(title(html)).toBe('תבלין — תבלינים, קמחים וקטניות')
      expect(meta(html, 'name', 'description')).toBe(
        'תבלין — חנות אונליין לתבלינים, קמחים, קטניות, משקאות, מארזים ומתכונים.',
      )
      expect(canonical(html)).toBe(`${ORIGIN}/`)
      expect(jsonLd(html)).toMatchObject({
        '@graph': expect.arrayContaining([
          expect.objectContaining({ '@type': 'WebSite', url: `${ORIGIN}/` }),
        ]),
      })
    })

    it.each([
      ['/about', 'אודות | תבלין'],
      ['/products?category=spices', 'החנות | תבלין'],
      ['/recipes/', 'מתכונים | תבלין'],
      ['/terms', 'תנאי שימוש | תבלין'],
      ['/checkout', 'סיום הזמנה | תבלין'],
    ])('gives %s its own title, description and canonical address', async (url, expected) => {
      const response = await page(url)
      expect(response.statusCode).toBe(200)
      expect(title(response.body)).toBe(expected)
      expect(meta(response.body, 'name', 'description')).not.toBe(
        meta((await page('/')).body, 'name', 'description'),
      )
      expect(canonical(response.body)).toBe(`${ORIGIN}${url.split('?')[0]!.replace(/\/$/, '')}`)
      expect(response.body).not.toContain('application/ld+json')
    })

    it.each([
      '/checkout/payment-pending',
      '/thank-you',
      '/admin',
      '/admin/orders',
      '/account',
      '/account/orders/abc',
    ])('keeps %s out of search results', async (url) => {
      const response = await page(url)
      expect(response.statusCode).toBe(200)
      expect(meta(response.body, 'name', 'robots')).toBe('noindex')
      expect(canonical(response.body)).toBeUndefined()
    })

    it('answers an unknown address with the app, 404 and noindex', async () => {
      const response = await page('/no-such-page')
      expect(response.statusCode).toBe(404)
      expect(response.body).toContain('<div id="root"></div>')
      expect(meta(response.body, 'name', 'robots')).toBe('noindex')
      expect(title(response.body)).toBe('הדף לא נמצא | תבלין')
    })
  })
})

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Package, Product, Recipe } from '@tavlin/contracts'
import { allowAllAdmins, buildTestApp, type TestContext } from '../../test/build-test-app.js'
import { contentsOf, create, packageInput, productInput, recipeInput } from '../../test/catalog-factory.js'

const ORIGIN = 'https://shop.example.co.il'
const HOSTILE = '</script><script>alert(1)</script> "&<b>'
// The web app's own files: the head is written into its index.html, in the words of its translation file.
const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web')

/** Content of `<meta {attribute}="{key}" content="…">`, unescaped; undefined when absent. */
function meta(html: string, attribute: 'name' | 'property', key: string): string | undefined {
  const match = new RegExp(`<meta [^>]*${attribute}="${key}" content="([^"]*)"`).exec(html)
  return match ? unescape(match[1]!) : undefined
}
const canonical = (html: string) => /<link [^>]*rel="canonical" href="([^"]*)"/.exec(html)?.[1]
const title = (html: string) => unescape(/<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1] ?? '')
function jsonLd(html: string): Record<string, unknown> {
  const scripts = [...html.matchAll(/<script [^>]*type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
  expect(scripts).toHaveLength(1)
  return JSON.parse(scripts[0]![1]!) as Record<string, unknown>
}
function unescape(text: string): string {
  return text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&')
}

describe('search engines', () => {
  let ctx: TestContext
  let dist: string
  let berbere: Product
  let misirWot: Recipe
  let misirBox: Package
  let hostile: Product

  const page = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: encodeURI(url), headers: { accept: 'text/html', ...headers } })

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tavlin-dist-'))
    fs.mkdirSync(path.join(dist, 'locales', 'he'), { recursive: true })
    fs.copyFileSync(path.join(webRoot, 'index.html'), path.join(dist, 'index.html'))
    fs.copyFileSync(
      path.join(webRoot, 'public', 'locales', 'he', 'translation.json'),
      path.join(dist, 'locales', 'he', 'translation.json'),
    )
    ctx = await buildTestApp({ webDistDir: dist }, { PUBLIC_URL: ORIGIN }, { requireAdmin: allowAllAdmins })
    berbere = await create<Product>(
      ctx.app,
      'products',
      productInput({
        name: 'ברברה',
        shortDescription: 'תערובת תבלינים אתיופית חריפה',
        image: '/uploads/products/berbere-640.webp',
      }),
    )
    misirWot = await create<Recipe>(
      ctx.app,
      'recipes',
      recipeInput({ name: 'מיסיר ווט', prepTime: '45 דקות', servings: 4 }),
    )
    misirBox = await create<Package>(
      ctx.app,
      'packages',
      packageInput({
        name: 'מארז מיסיר ווט',
        price: 69,
        description: 'כל המצרכים לתבשיל עדשים',
        items: contentsOf(berbere),
      }),
    )
    hostile = await create<Product>(
      ctx.app,
      'products',
      productInput({ name: HOSTILE, shortDescription: HOSTILE }),
    )
  })
  afterAll(async () => {
    await ctx?.close()
    fs.rmSync(dist, { recursive: true, force: true })
  })

  describe('robots.txt', () => {
    it('lets crawlers into the shop, not into private pages and endpoints, and names the sitemap', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/robots.txt' })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8')
      const lines = response.body.split('\n')
      expect(lines).toContain('User-agent: *')
      expect(lines).toContain('Allow: /')
      for (const path of ['/admin', '/checkout/', '/thank-you', '/api/', '/oidc/', '/sandbox/']) {
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

  describe('product page', () => {
    it.each(['info', 'cart row'])(
      'carries title, description, canonical, Open Graph and Product JSON-LD (%s address)',
      async (kind) => {
        const response = await page(
          kind === 'info' ? `/products/${berbere._id}/info` : `/products/${berbere._id}`,
        )
        expect(response.statusCode).toBe(200)
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
        expect(response.headers['cache-control']).toBe('no-cache')
        const html = response.body
        const url = `${ORIGIN}/products/${berbere._id}/info`
        expect(title(html)).toBe('ברברה | תבלין')
        expect(meta(html, 'name', 'description')).toBe('תערובת תבלינים אתיופית חריפה')
        expect(canonical(html)).toBe(url)
        expect(meta(html, 'name', 'robots')).toBeUndefined()
        expect(meta(html, 'property', 'og:title')).toBe('ברברה | תבלין')
        expect(meta(html, 'property', 'og:url')).toBe(url)
        expect(meta(html, 'property', 'og:type')).toBe('product')
        expect(meta(html, 'property', 'og:locale')).toBe('he_IL')
        expect(meta(html, 'property', 'og:site_name')).toBe('תבלין')
        expect(meta(html, 'property', 'og:image')).toBe(`${ORIGIN}/uploads/products/berbere-960.webp`)
        // The built title and description are replaced, not repeated.
        expect(html.match(/<title/g)).toHaveLength(1)
        expect(html.match(/name="description"/g)).toHaveLength(1)

        const data = jsonLd(html)
        expect(data).toMatchObject({
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: 'ברברה',
          description: 'תערובת תבלינים אתיופית חריפה',
          url,
          image: [`${ORIGIN}/uploads/products/berbere-960.webp`],
        })
        expect(data.offers).toEqual([
          expect.objectContaining({
            '@type': 'Offer',
            name: '100 גרם',
            price: '12.50',
            priceCurrency: 'ILS',
            availability: 'https://schema.org/InStock',
            url,
          }),
          expect.objectContaining({ name: '250 גרם', price: '27.90', priceCurrency: 'ILS' }),
        ])
      },
    )

    it('escapes a hostile name everywhere it is written', async () => {
      const html = (await page(`/products/${hostile._id}/info`)).body
      expect(html).not.toContain('</script><script>')
      expect(html).not.toContain('<b>')
      expect(title(html)).toBe(`${HOSTILE} | תבלין`)
      expect(meta(html, 'property', 'og:title')).toBe(`${HOSTILE} | תבלין`)
      expect(meta(html, 'name', 'description')).toBe(HOSTILE)
      expect(jsonLd(html)).toMatchObject({ name: HOSTILE, description: HOSTILE })
      // The app's own script still follows the head.
      expect(html).toContain('<script type="module" src="/src/main.tsx"></script>')
    })

    it('answers an unknown or malformed id with the app, status 404 and noindex', async () => {
      for (const url of ['/products/00000000-0000-4000-8000-000000000000/info', '/products/not-an-id']) {
        const response = await page(url)
        expect(response.statusCode).toBe(404)
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
        expect(response.body).toContain('<div id="root"></div>')
        expect(meta(response.body, 'name', 'robots')).toBe('noindex')
        expect(canonical(response.body)).toBeUndefined()
        expect(response.body).not.toContain('application/ld+json')
        expect(title(response.body)).toBe('פרטי מוצר | תבלין')
      }
    })

    it('shows an edit at once: the cached head follows the catalogue version', async () => {
      const input = productInput({ name: 'כמון' })
      const product = await create<Product>(ctx.app, 'products', input)
      expect(title((await page(`/products/${product._id}/info`)).body)).toBe('כמון | תבלין')
      const renamed = await ctx.app.inject({
        method: 'PUT',
        url: `/api/products/${product._id}`,
        payload: { ...input, name: 'כמון שלם' },
      })
      expect(renamed.statusCode).toBe(200)
      expect(title((await page(`/products/${product._id}/info`)).body)).toBe('כמון שלם | תבלין')
    })

    it('revalidates the page with an ETag', async () => {
      const first = await page(`/products/${berbere._id}/info`)
      const again = await page(`/products/${berbere._id}/info`, {
        'if-none-match': first.headers.etag as string,
      })
      expect(again.statusCode).toBe(304)
      expect(again.body).toBe('')
    })
  })

  describe('recipe page', () => {
    it('carries Recipe JSON-LD with ingredients, steps and an ISO 8601 preparation time', async () => {
      const response = await page(`/recipes/${misirWot._id}`)
      expect(response.statusCode).toBe(200)
      const html = response.body
      const url = `${ORIGIN}/recipes/${misirWot._id}`
      expect(title(html)).toBe('מיסיר ווט | תבלין')
      expect(meta(html, 'name', 'description')).toBe('תבשיל עדשים אדומות חריף')
      expect(canonical(html)).toBe(url)
      expect(meta(html, 'property', 'og:type')).toBe('article')
      expect(jsonLd(html)).toMatchObject({
        '@type': 'Recipe',
        name: 'מיסיר ווט',
        url,
        image: [`${ORIGIN}/uploads/recipes/sample.webp`],
        description: 'תבשיל עדשים אדומות חריף',
        prepTime: 'PT45M',
        recipeYield: '4',
        recipeIngredient: ['2 כוסות עדשים אדומות', '2 כפות ברברה'],
        recipeInstructions: [
          { '@type': 'HowToStep', position: 1, text: 'לטגן בצל' },
          { '@type': 'HowToStep', position: 2, text: 'להוסיף עדשים ומים' },
        ],
      })
    })

    it('finds a recipe by its name (the package page links so), with the id as canonical', async () => {
      const response = await page('/recipes/מיסיר ווט')
      expect(response.statusCode).toBe(200)
      expect(canonical(response.body)).toBe(`${ORIGIN}/recipes/${misirWot._id}`)
      expect((await page('/recipes/אין מתכון כזה')).statusCode).toBe(404)
    })
  })

  describe('package page', () => {
    it('carries Product JSON-LD with one Offer in shekels', async () => {
      const html = (await page(`/packages/${misirBox._id}/info`)).body
      const url = `${ORIGIN}/packages/${misirBox._id}/info`
      expect(title(html)).toBe('מארז מיסיר ווט | תבלין')
      expect(meta(html, 'name', 'description')).toBe('כל המצרכים לתבשיל עדשים')
      expect(canonical(html)).toBe(url)
      expect(jsonLd(html)).toMatchObject({
        '@type': 'Product',
        name: 'מארז מיסיר ווט',
        url,
        offers: [{ '@type': 'Offer', price: '69.00', priceCurrency: 'ILS', url }],
      })
      expect(canonical((await page(`/packages/${misirBox._id}`)).body)).toBe(url)
      expect((await page('/packages/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404)
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

    it.each(['/checkout/payment-pending', '/thank-you', '/admin', '/admin/orders'])(
      'keeps %s out of search results',
      async (url) => {
        const response = await page(url)
        expect(response.statusCode).toBe(200)
        expect(meta(response.body, 'name', 'robots')).toBe('noindex')
        expect(canonical(response.body)).toBeUndefined()
      },
    )

    it('answers an unknown address with the app, 404 and noindex', async () => {
      const response = await page('/no-such-page')
      expect(response.statusCode).toBe(404)
      expect(response.body).toContain('<div id="root"></div>')
      expect(meta(response.body, 'name', 'robots')).toBe('noindex')
      expect(title(response.body)).toBe('הדף לא נמצא | תבלין')
    })
  })
})

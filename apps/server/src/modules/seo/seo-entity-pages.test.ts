import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Package, Product, Recipe } from '@tavlin/contracts'
import type { TestContext } from '../../test/build-test-app.js'
import { create, productInput } from '../../test/catalog-factory.js'
import {
  ORIGIN,
  HOSTILE,
  meta,
  canonical,
  title,
  jsonLd,
  openSeoShop,
  type SeoShop,
} from '../../test/seo-shop.js'

describe('search engines: product, recipe and package pages', () => {
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
})

import type { APIRequestContext } from '@playwright/test'
import { expect, test } from './support/test'

type Product = { _id: string; name: string; shortDescription: string; pricing: Array<{ price: number }> }

/** A product of the demo catalogue, through the public API. */
async function someProduct(request: APIRequestContext): Promise<Product> {
  const response = await request.get('/api/products?limit=1')
  expect(response.ok()).toBe(true)
  const { data } = (await response.json()) as { data: { items: Product[] } }
  return data.items[0]!
}

/** The one JSON-LD block of an HTML document, parsed. */
function jsonLdOf(html: string): Record<string, unknown> {
  const blocks = [...html.matchAll(/<script [^>]*type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
  expect(blocks).toHaveLength(1)
  return JSON.parse(blocks[0]![1]!) as Record<string, unknown>
}

test('a product page names itself to search engines, with and without JavaScript', async ({
  page,
  request,
  baseURL,
}) => {
  const product = await someProduct(request)
  const url = `${baseURL}/products/${product._id}/info`
  const lowest = Math.min(...product.pricing.map((option) => option.price)).toFixed(2)

  // A crawler that runs no script: the HTML as the server sends it.
  const raw = await request.get(`/products/${product._id}`, { headers: { accept: 'text/html' } })
  expect(raw.status()).toBe(200)
  const html = await raw.text()
  expect(html).toContain(`<link data-page-head rel="canonical" href="${url}" />`)
  expect(html).toMatch(/<title data-page-head>[^<]+ \| תבלין<\/title>/)
  const served = jsonLdOf(html)
  expect(served).toMatchObject({ '@type': 'Product', name: product.name, url })
  expect(served.offers).toEqual(
    expect.arrayContaining([expect.objectContaining({ price: lowest, priceCurrency: 'ILS' })]),
  )

  // A visitor's browser: the same head after the app has rendered, each tag once.
  await page.goto(`/products/${product._id}`)
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible()
  await expect(page).toHaveTitle(`${product.name} | תבלין`)
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', url)
  await expect(page.locator('meta[name="description"]')).toHaveCount(1)
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', url)
  const scripts = page.locator('script[type="application/ld+json"]')
  await expect(scripts).toHaveCount(1)
  const rendered = JSON.parse((await scripts.textContent()) ?? '') as Record<string, unknown>
  expect(rendered).toEqual(served)

  // Moving on to a private page takes the product's tags away.
  await page.goto('/thank-you')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0)
})

test('the sitemap lists the catalogue, and robots.txt points to it', async ({ request, baseURL }) => {
  const product = await someProduct(request)
  const sitemap = await request.get('/sitemap.xml')
  expect(sitemap.headers()['content-type']).toBe('application/xml; charset=utf-8')
  expect(await sitemap.text()).toContain(`<loc>${baseURL}/products/${product._id}/info</loc>`)
  const robots = await (await request.get('/robots.txt')).text()
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`)
  expect(robots).toContain('Disallow: /admin')
})

import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { expect, test } from './support/test'

type Product = {
  _id: string
  name: string
  pricing: Array<{ price: number }>
  labelling: { nutrition: object | null }
}
type Recipe = { _id: string; name: string }

async function firstOf<T>(request: APIRequestContext, resource: string): Promise<T> {
  const response = await request.get(`/api/${resource}?limit=1`)
  expect(response.ok()).toBe(true)
  const { data } = (await response.json()) as { data: { items: T[] } }
  return data.items[0]!
}

/** Every error the page reports: React's hydration mismatches arrive as console errors or page errors. */
function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    // A 404 page's own status is reported by the browser as a failed resource; not an error of ours.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      errors.push(message.text())
    }
  })
  return errors
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the shop, a product, a recipe and a missing page are all on the page the server sends', async ({
    page,
    request,
  }) => {
    const product = await firstOf<Product>(request, 'products')
    const recipe = await firstOf<Recipe>(request, 'recipes')

    await page.goto('/')
    const home = page.getByRole('main')
    await expect(home.getByRole('heading', { level: 1, name: 'תבלין — טעמים של בית' })).toBeVisible()
    await expect(home.getByRole('img', { name: 'שולחן ערוך במנות ותבלינים' })).toBeVisible()

    await page.goto('/products')
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(9)
    await expect(page.getByRole('main').getByRole('link', { name: product.name }).first()).toBeVisible()

    await page.goto(`/products/${product._id}/info`)
    const detail = page.getByRole('main')
    await expect(detail.getByRole('heading', { level: 1, name: product.name })).toBeVisible()
    await expect(detail.getByRole('img', { name: product.name }).first()).toBeVisible()
    const lowest = Math.min(...product.pricing.map((option) => option.price))
    const written = Number.isInteger(lowest) ? String(lowest) : lowest.toFixed(2)
    await expect(detail.getByText(written, { exact: false }).first()).toBeVisible()

    await page.goto(`/recipes/${recipe._id}`)
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: recipe.name })).toBeVisible()

    const missing = await page.goto('/no-such-page')
    expect(missing?.status()).toBe(404)
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'הדף לא נמצא' })).toBeVisible()
  })

  test('the private pages are left to the browser', async ({ request }) => {
    for (const path of ['/admin', '/thank-you', '/checkout/payment-pending']) {
      const html = await (await request.get(path, { headers: { accept: 'text/html' } })).text()
      expect(html, path).toContain('<div id="root"></div>')
      expect(html, path).not.toContain('id="rendered-state"')
    }
  })
})

/** When the app's entry module was requested and when the page first painted content (ms). */
async function appStartAndFirstPaint(page: Page): Promise<{ entryRequested: number; firstPaint: number }> {
  const listing = await page.locator('#app-scripts').textContent()
  const { entry } = JSON.parse(listing ?? '{}') as { entry: string }
  // A heading is visible once it is laid out; the paint's timing entry is recorded when the frame
  // is presented, which on a busy machine can come later: wait for both entries.
  const timings = await page.waitForFunction(
    (entryPath) => {
      const request = performance
        .getEntriesByType('resource')
        .find((resource) => new URL(resource.name).pathname === entryPath)
      const paint = performance.getEntriesByName('first-contentful-paint')[0]
      return request && paint ? { entryRequested: request.startTime, firstPaint: paint.startTime } : null
    },
    entry,
    { timeout: 10_000 },
  )
  return (await timings.jsonValue()) as { entryRequested: number; firstPaint: number }
}

test('the app’s scripts load after a rendered page has painted, and at once on one left to the browser', async ({
  page,
}) => {
  // Nothing in the served page starts the app: the build lists its scripts for first-paint.js.
  const served = await (await page.request.get('/products', { headers: { accept: 'text/html' } })).text()
  expect(served).not.toContain('type="module"')
  expect(served).not.toContain('modulepreload')

  await page.goto('/products')
  await page.waitForLoadState('networkidle')
  const rendered = await appStartAndFirstPaint(page)
  expect(rendered.entryRequested).toBeGreaterThanOrEqual(rendered.firstPaint)

  // The thank-you page has nothing rendered to paint until the app runs.
  await page.goto('/thank-you')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const browserRendered = await appStartAndFirstPaint(page)
  expect(browserRendered.entryRequested).toBeLessThan(browserRendered.firstPaint)
})

test('the pages the server rendered come alive without a hydration error', async ({ page, request }) => {
  const errors = collectErrors(page)
  const product = await firstOf<Product>(request, 'products')
  const recipe = await firstOf<Recipe>(request, 'recipes')
  const pages = [
    '/',
    '/products',
    '/products?category=spices&page=2',
    `/products/${product._id}/info`,
    `/recipes/${recipe._id}`,
    '/recipes',
    '/packages',
    '/events',
    '/about',
    '/contact',
    '/checkout',
    '/no-such-page',
  ]
  for (const path of pages) {
    await page.goto(path)
    // Hydrated: the header's theme button answers (its state is the browser's own).
    const themeButton = page.getByRole('banner').getByRole('button', { name: 'מעבר למצב כהה' }).first()
    await expect(themeButton).toBeVisible()
    await themeButton.click({ trial: true })
    await page.waitForLoadState('networkidle')
    expect(errors, path).toEqual([])
  }
})

test('a page the server rendered takes the visitor’s own cart and theme once it is alive', async ({
  page,
  request,
}) => {
  const errors = collectErrors(page)
  const product = await firstOf<Product>(request, 'products')
  await page.addInitScript(
    ({ itemId, price }) => {
      localStorage.setItem('theme', JSON.stringify({ state: { theme: 'dark' }, version: 0 }))
      localStorage.setItem(
        'cart-storage',
        JSON.stringify({
          state: { lines: [{ itemId, itemType: 'Product', size: '100g', quantity: 3, price }] },
          version: 0,
        }),
      )
    },
    { itemId: product._id, price: product.pricing[0]!.price },
  )

  await page.goto(`/products/${product._id}/info`)
  const banner = page.getByRole('banner')
  await expect(banner.getByRole('button', { name: 'מעבר למצב בהיר' }).first()).toBeVisible()
  await expect(banner.getByRole('button', { name: /סל הקניות/ }).first()).toContainText('3')

  await page.goto('/checkout')
  await expect(page.getByRole('region', { name: 'פרטי המשלוח' })).toBeVisible()
  expect(errors).toEqual([])
})

/** React keeps its fiber on every node it has hydrated or rendered; a node it never touched has none. */
const touchedByReact = (locator: Locator) =>
  locator.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber$')))

test('the parts with nothing to do stay the server’s HTML, and a page reached in the app renders them', async ({
  page,
  request,
}) => {
  const errors = collectErrors(page)
  // A product with its food labelling: other tests (the import's) add newer ones without it.
  const products = await request.get('/api/products?limit=50')
  const { data } = (await products.json()) as { data: { items: Product[] } }
  const product = data.items.find((item) => item.labelling.nutrition !== null)!
  const recipe = await firstOf<Recipe>(request, 'recipes')
  await page.goto(`/recipes/${recipe._id}`)
  await expect(page.getByRole('heading', { level: 2, name: 'אופן ההכנה' })).toBeVisible()
  expect(await touchedByReact(page.getByRole('heading', { level: 2, name: 'אופן ההכנה' }))).toBe(false)
  // The ingredients are a checklist: they hydrate.
  expect(await touchedByReact(page.getByRole('heading', { level: 2, name: 'מרכיבים' }))).toBe(true)

  await page.goto(`/products/${product._id}/info`)
  const main = page.getByRole('main')
  const features = main.getByRole('heading', { level: 2, name: 'מאפייני המוצר' })
  const aboutLink = page.getByRole('contentinfo').getByRole('link', { name: 'אודות' })
  expect(await touchedByReact(main.getByRole('heading', { level: 1, name: product.name }))).toBe(true)
  expect(await touchedByReact(features)).toBe(false)
  expect(await touchedByReact(main.getByRole('heading', { level: 2, name: 'סימון תזונתי ורכיבים' }))).toBe(
    false,
  )

  // A page reached in the app, and the product page again: rendered by the app, text and all.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }))
  await aboutLink.click()
  const aboutSection = page.getByRole('main').getByRole('heading', { level: 2, name: 'איך הכול התחיל' })
  await expect(aboutSection).toBeVisible()
  await page.goBack()
  await expect(features).toBeVisible()
  expect(await touchedByReact(features)).toBe(true)
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true)
  expect(errors).toEqual([])
})

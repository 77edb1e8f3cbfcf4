import { expect, test, type APIRequestContext, type Page } from '@playwright/test'

// The plain Playwright `test`: the shop's own (support/test.ts) waits for the app after each
// navigation, and here the app must not have started when the visitor taps (decision 266).
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

type Product = { _id: string; name: string; pricing: Array<{ stock: number | null }> }

/** The first page of the shop list, as /products shows it. */
async function listedProducts(request: APIRequestContext): Promise<Product[]> {
  const response = await request.get('/api/products?page=1&limit=9')
  expect(response.ok()).toBe(true)
  const { data } = (await response.json()) as { data: { items: Product[] } }
  return data.items
}

const forSale = (product: Product) => product.pricing.some((option) => option.stock !== 0)

/** Holds the app's scripts until `release()`: the page is the server's markup, painted, with no handlers. */
async function holdAppScripts(page: Page): Promise<() => void> {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/assets/*.js', async (route) => {
    await released
    await route.continue()
  })
  return release
}

async function tapBeforeTheAppRuns(
  page: Page,
  path: string,
  control: (page: Page) => ReturnType<Page['getByRole']>,
) {
  const release = await holdAppScripts(page)
  await page.goto(path, { waitUntil: 'domcontentloaded' })
  await control(page).tap()
  await expect(page.locator('html')).not.toHaveAttribute('data-app-ready')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  release()
}

test('a tap on the menu before the app runs opens it once the app has hydrated', async ({ page }) => {
  await tapBeforeTheAppRuns(page, '/about', (page) => page.getByRole('button', { name: 'פתיחת התפריט' }))

  await expect(page.getByRole('dialog', { name: 'תפריט' }).getByRole('link', { name: 'חנות' })).toBeVisible()
})

test('a tap on a card’s size picker before the app runs opens the picker', async ({ page, request }) => {
  const product = (await listedProducts(request)).find((item) => item.pricing.length > 1 && forSale(item))
  expect(product, 'a product with sizes on the first page of the shop').toBeDefined()
  const { name } = product!

  await tapBeforeTheAppRuns(page, '/products', (page) =>
    page.getByRole('main').getByRole('button', { name: `בחירת גודל והוספה לסל: ${name}` }),
  )

  await expect(page.getByRole('dialog', { name: `הוספה לסל: ${name}` })).toBeVisible()
})

test('a tap on “לקנייה” before the app runs opens the purchase popup', async ({ page, request }) => {
  const product = (await listedProducts(request)).find(forSale)!

  await tapBeforeTheAppRuns(page, `/products/${product._id}/info`, (page) =>
    page.getByRole('main').getByRole('button', { name: 'לקנייה' }),
  )

  await expect(page.getByRole('dialog', { name: `הוספה לסל: ${product.name}` })).toBeVisible()
})

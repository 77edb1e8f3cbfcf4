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

test('the menu opens on a tap before the app runs, and stays open as the app hydrates', async ({ page }) => {
  const release = await holdAppScripts(page)
  await page.goto('/about', { waitUntil: 'domcontentloaded' })
  const button = page.getByRole('button', { name: 'פתיחת התפריט' })
  await button.tap()
  // The browser opened it by the button's command: no script of ours has run (decision 299).
  const menu = page.getByRole('dialog', { name: 'תפריט' })
  await expect(menu.getByRole('link', { name: 'חנות' })).toBeVisible()
  await expect(page.locator('html')).not.toHaveAttribute('data-app-ready')

  release()
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', '')
  await expect(button).toHaveAttribute('aria-expanded', 'true')
  await menu.getByRole('button', { name: 'סגירת התפריט' }).tap()
  await expect(menu).toBeHidden()
  await expect(button).toHaveAttribute('aria-expanded', 'false')
})

test('a card’s size picker opens on a tap before the app runs', async ({ page, request }) => {
  const product = (await listedProducts(request)).find((item) => item.pricing.length > 1 && forSale(item))
  expect(product, 'a product with sizes on the first page of the shop').toBeDefined()
  const { name } = product!
  const release = await holdAppScripts(page)
  await page.goto('/products', { waitUntil: 'domcontentloaded' })

  await page
    .getByRole('main')
    .getByRole('button', { name: `בחירת גודל והוספה לסל: ${name}` })
    .tap()
  const picker = page.getByRole('dialog', { name: `הוספה לסל: ${name}` })
  await expect(picker).toBeVisible()
  await expect(page.locator('html')).not.toHaveAttribute('data-app-ready')

  release()
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', '')
  await expect(picker).toBeVisible()
})

test('“לקנייה” before the app runs: a size and “הוספה לסל” tapped then are added once it runs', async ({
  page,
  request,
}) => {
  const product = (await listedProducts(request)).find(
    (item) => item.pricing.filter((option) => option.stock !== 0).length > 1,
  )
  expect(product, 'a product with two sizes for sale').toBeDefined()
  const release = await holdAppScripts(page)
  await page.goto(`/products/${product!._id}/info`, { waitUntil: 'domcontentloaded' })

  await page.getByRole('main').getByRole('button', { name: 'לקנייה' }).tap()
  const popup = page.getByRole('dialog', { name: `הוספה לסל: ${product!.name}` })
  const second = popup.getByRole('radio').and(page.locator(':enabled')).nth(1)
  const size = await second.getAttribute('value')
  await second.tap()
  await popup.getByRole('button', { name: 'הוספה לסל' }).tap()
  // Held, not sent as a page request: the page is the same one, with nothing in the cart yet.
  await expect(page.locator('html')).not.toHaveAttribute('data-app-ready')
  expect(new URL(page.url()).search).toBe('')
  expect(await page.evaluate(() => localStorage.getItem('cart-storage'))).toBeNull()

  release()
  await expect(popup).toBeHidden()
  await expect(page.getByRole('banner').getByRole('button', { name: /סל הקניות/ })).toHaveText('1')
  const stored = await page.evaluate(() => localStorage.getItem('cart-storage'))
  expect(JSON.parse(stored ?? '{}').state.lines).toEqual([
    expect.objectContaining({ itemId: product!._id, size, quantity: 1 }),
  ])
})

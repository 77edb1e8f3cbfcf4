import { expect, test } from './support/test'

// Issue 16 §13: the terms state the one configured delivery time (DELIVERY_DAYS_MIN/MAX,
// 3–5 by default, until the owner defines delivery methods: issue 35 writes every delivery
// sentence from them), and send the shopper to the product page for ingredients and
// nutrition (issue 18).

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the terms the server sends state the configured delivery time', async ({ page }) => {
    await page.goto('/terms')
    const main = page.getByRole('main')
    await expect(main.getByText(/תוך 3–5 ימי עסקים מיום התשלום/)).toBeVisible()
    await expect(main.getByText(/רכיבים וסימון תזונתי מופיעים בדף כל מוצר/)).toBeVisible()
  })
})

test('the terms come alive without a hydration error and keep the same promise', async ({ page }) => {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  await page.goto('/terms')
  await expect(page.getByRole('main').getByText(/תוך 3–5 ימי עסקים מיום התשלום/)).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(errors).toEqual([])
})

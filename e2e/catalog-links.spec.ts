import { expect, test } from './support/test'

// Issue 16 §6–§8 on the demo catalogue: ranked search, a product's recipes, a package's contents.

test('search ranks names first and finds the plural from the singular', async ({ page }) => {
  await page.goto(`/products?filter=${encodeURIComponent('קפה')}`)
  const main = page.getByRole('main')
  const first = main.getByRole('article').first().getByRole('heading')
  await expect(first).toContainText('קפה')
  await expect(main.getByRole('link', { name: 'הל טחון' })).toBeVisible()

  await page.goto(`/products?filter=${encodeURIComponent('עדשה')}`)
  await expect(main.getByRole('article').first().getByRole('heading')).toHaveText('עדשים אדומות')
})

test("a product's 'מתכונים עם המוצר' lists the recipes that use it, and is not offered when none does", async ({
  page,
}) => {
  await page.goto(`/products?filter=${encodeURIComponent('עדשים')}`)
  const main = page.getByRole('main')
  await main.getByRole('link', { name: 'עדשים אדומות' }).first().click()
  await expect(main.getByRole('heading', { level: 1, name: 'עדשים אדומות' })).toBeVisible()
  await main.getByRole('link', { name: 'מתכונים עם המוצר' }).click()
  await expect(page).toHaveURL(/\/recipes\?productId=/)
  await expect(main.getByRole('heading', { name: 'מתכונים עם עדשים אדומות' })).toBeVisible()
  await expect(main.getByRole('link', { name: 'מיסיר ווט' })).toBeVisible()
  await expect(main.getByRole('link', { name: 'לחם דאבו' })).toBeHidden()

  await page.goto(`/products?filter=${encodeURIComponent('פול מצרי')}`)
  await main.getByRole('link', { name: 'פול מצרי' }).first().click()
  await expect(main.getByRole('heading', { level: 1, name: 'פול מצרי' })).toBeVisible()
  // Issue 35: no link to an empty list ("עדיין אין מתכונים עם פול מצרי").
  await expect(main.getByRole('link', { name: 'מתכונים עם המוצר' })).toHaveCount(0)
})

test('a package page lists its contents with links to the products', async ({ page }) => {
  await page.goto('/packages')
  const main = page.getByRole('main')
  await main.getByRole('link', { name: 'מארז דאבו לשבת' }).first().click()
  const contents = main.getByRole('region', { name: 'מה במארז' })
  await expect(contents.getByRole('listitem')).toHaveCount(5)
  await expect(main.getByText('5 מרכיבים')).toBeVisible()
  await expect(contents.getByRole('listitem').first()).toContainText('גודל: 1 ק״ג · כמות: 1')
  await contents.getByRole('link', { name: 'דבש בר' }).click()
  await expect(main.getByRole('heading', { level: 1, name: 'דבש בר' })).toBeVisible()
})

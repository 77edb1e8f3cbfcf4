import type { Page } from '@playwright/test'
import { expect, test } from './support/test'

/** Fails the test on any console error or uncaught exception the page reports. */
function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

test('the home page is Hebrew, right-to-left, and logs no errors', async ({ page }) => {
  const errors = collectErrors(page)
  await page.goto('/')
  await expect(page.locator('html')).toHaveAttribute('lang', 'he')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(
    page.getByRole('navigation', { name: 'ניווט ראשי' }).getByRole('link', { name: 'חנות' }),
  ).toBeVisible()
  await expect(page.getByRole('contentinfo')).toContainText(String(new Date().getFullYear()))
  await page.waitForLoadState('networkidle')
  expect(errors).toEqual([])
})

test('the translations are read from /locales/he-IL/translation.json (spec §1); /locales/he/ stays', async ({
  page,
  request,
}) => {
  const fetched: Array<[string, number]> = []
  page.on('response', (response) => {
    const { pathname } = new URL(response.url())
    if (pathname.startsWith('/locales/')) fetched.push([pathname, response.status()])
  })
  // A page the browser renders by itself loads its strings at once.
  await page.goto('/thank-you')
  await expect(page.getByText('לא נמצא מזהה עסקה.')).toBeVisible()
  // (the preload and the app's own read may be one request or two, both for the spec's path)
  expect([...new Set(fetched.map(([path, status]) => `${path} ${status}`))]).toEqual([
    '/locales/he-IL/translation.json 200',
  ])
  const alias = await request.get('/locales/he/translation.json')
  expect(alias.status()).toBe(200)
  expect(await alias.json()).toEqual(await (await request.get('/locales/he-IL/translation.json')).json())
})

test('the theme toggle survives a reload', async ({ page }) => {
  await page.goto('/')
  await expect(page.locator('html')).not.toHaveClass(/dark/)
  await page.getByRole('button', { name: 'מעבר למצב כהה' }).click()
  await expect(page.locator('html')).toHaveClass(/dark/)
  await page.reload()
  await expect(page.locator('html')).toHaveClass(/dark/)
  await expect(page.getByRole('button', { name: 'מעבר למצב בהיר' })).toBeVisible()
})

test('an unknown address is a calm Hebrew 404 page with a way on', async ({ page }) => {
  const response = await page.goto('/no-such-page')
  expect(response?.status()).toBe(404)
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1, name: 'הדף לא נמצא' })).toBeVisible()
  await expect(page.getByText('שגיאה בלתי צפויה ביישום!')).toHaveCount(0)
  await main.getByRole('searchbox', { name: 'חיפוש בחנות' }).fill('כמון')
  await main.getByRole('button', { name: 'חיפוש' }).click()
  await expect(page).toHaveURL(/\/products\?filter=%D7%9B%D7%9E%D7%95%D7%9F/)
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'החנות' })).toBeVisible()

  const missing = await page.goto('/products/00000000-0000-4000-8000-000000000000/info')
  expect(missing?.status()).toBe(404)
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('המוצר אינו זמין כרגע.')
  await expect(page.getByRole('main').getByRole('link', { name: 'לחנות' })).toBeVisible()
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true })

  test('the mobile menu opens, navigates and closes', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('button', { name: 'פתיחת התפריט' }).click()
    const menu = page.getByRole('dialog', { name: 'תפריט' })
    await expect(menu).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()

    await page.getByRole('button', { name: 'פתיחת התפריט' }).click()
    await menu.getByRole('link', { name: 'מתכונים' }).click()
    await expect(menu).toBeHidden()
    await expect(page).toHaveURL(/\/recipes$/)
  })
})

test('on a phone a toast opens below the header, its cart count still in view (issue 35)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/products?filter=פפריקה')
  const main = page.getByRole('main')
  await main.getByRole('link', { name: 'פפריקה מתוקה' }).click()
  await main.getByRole('button', { name: 'לקנייה' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'הוספה לסל' }).click()
  const toast = page.getByRole('alert').filter({ hasText: 'נוסף לסל הקניות' })
  await expect(toast).toBeVisible()
  const header = await page.getByRole('banner').boundingBox()
  // Polled: the toast slides in from above before it settles.
  await expect
    .poll(async () => (await toast.boundingBox())?.y ?? -1)
    .toBeGreaterThanOrEqual(header!.y + header!.height)
  await expect(page.getByRole('banner').getByRole('button', { name: /סל הקניות/ })).toHaveText('1')
})

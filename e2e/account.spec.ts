import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './support/test'
import { customerAccount } from './support/accounts'
import { APPROVED_CARD, fillCart, fillCustomer, goToPayment, payWith } from './support/checkout'
import { linkFromMail } from './support/mail'
import { LOGIN, accountButton, openSignInPopup, signIn, watchErrors } from './support/sign-in'

// Issue 22: a shopper registers on the built-in provider's page, confirms the address from
// the mail, signs in, buys, finds the order under "החשבון שלי" and orders it again; another
// shopper cannot open it; axe passes on the page, with a favourite (issue 36), in both themes
// at 1280 and 390 px.

test.describe.configure({ mode: 'serial' })

const shopper = {
  email: `shopper.${Date.now()}@example.com`,
  password: 'a long sentence for e2e 22',
}
let orderPath = ''

async function registerAndConfirm(page: Page) {
  await page.goto('/')
  const popup = await openSignInPopup(page)
  await popup.getByRole('link', { name: 'הרשמה' }).click()
  await popup.getByLabel('שם פרטי').fill('דנה')
  await popup.getByLabel('שם משפחה').fill('לוי')
  await popup.getByLabel('דוא״ל').fill(shopper.email)
  await popup.getByLabel('סיסמה', { exact: true }).fill(shopper.password)
  await popup.getByLabel('הסיסמה שוב').fill(shopper.password)
  await popup.getByRole('button', { name: 'הרשמה' }).click()
  await expect(popup.getByRole('heading', { name: 'בדקו את תיבת הדואר' })).toBeVisible()
  await popup.close()

  await page.goto(await linkFromMail(shopper.email, '/oidc/account/'))
  await page.getByRole('button', { name: 'אישור הכתובת' }).click()
  await expect(page.getByRole('heading', { name: 'כתובת הדוא״ל אושרה' })).toBeVisible()
}

test('a shopper registers, confirms, signs in at /account, buys, finds the order and orders it again', async ({
  page,
  request,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const errors = watchErrors(context)
  await registerAndConfirm(page)

  // /account sends a signed-out visitor to the shop's sign-in in this tab, and back.
  await page.goto('/account')
  await page.getByLabel('דוא״ל').fill(shopper.email)
  await page.getByLabel('סיסמה').fill(shopper.password)
  await page.getByRole('button', { name: LOGIN, exact: true }).click()
  await expect(page).toHaveURL(`${baseURL}/account`)
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1, name: 'החשבון שלי' })).toBeVisible()
  await expect(accountButton(page.getByRole('banner'))).toHaveText('דנה')
  await expect(main.getByText('עוד לא הזמנת מאיתנו בחשבון הזה.')).toBeVisible()

  // Checkout knows the shopper; the order goes to the account.
  await fillCart(page, request)
  await page.goto('/checkout')
  const form = page.getByRole('region', { name: 'פרטי המשלוח' })
  await expect(form.getByLabel('דוא״ל')).toHaveValue(shopper.email)
  await expect(form.getByLabel('שם פרטי')).toHaveValue('דנה')
  await fillCustomer(page, '050-1234567', shopper.email)
  const payment = await goToPayment(page)
  await payment.waitForLoadState()
  await payWith(payment, APPROVED_CARD)
  await expect(payment.getByRole('heading', { level: 1 })).toHaveText('תודה על ההזמנה!')
  await payment.close()

  await page.goto('/account')
  const orders = main.getByRole('region', { name: 'ההזמנות שלי' })
  const order = orders.getByRole('article').first()
  await expect(order).toContainText('שולמה')
  orderPath = (await order.getByRole('heading').getByRole('link').getAttribute('href')) ?? ''
  expect(orderPath).toMatch(/^\/account\/orders\/.+/)

  await page.evaluate(() => localStorage.removeItem('cart-storage'))
  await order.getByRole('button', { name: 'להזמין שוב' }).click()
  await expect(order.getByRole('status')).toContainText('נוספו לסל')
  const cart = await page.evaluate(() => JSON.parse(localStorage.getItem('cart-storage') ?? '{}'))
  expect(cart.state.lines.length).toBeGreaterThan(0)
  expect(errors).toEqual([])
})

test('another shopper cannot open that order by its address', async ({ page }) => {
  expect(orderPath).not.toBe('')
  await page.goto('/')
  await signIn(page, customerAccount())
  const answer = page.waitForResponse((response) => response.url().includes(`/api${orderPath}`))
  await page.goto(orderPath)
  expect((await answer).status()).toBe(404)
  await expect(page.getByRole('main').getByText('ההזמנה לא נמצאה.')).toBeVisible()
})

async function expectNoAxeViolations(page: Page) {
  await page.waitForLoadState('networkidle')
  const { violations } = await new AxeBuilder({ page }).analyze()
  expect(
    violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`,
    ),
  ).toEqual([])
}

for (const theme of ['light', 'dark'] as const) {
  test(`axe finds nothing on the account page and an order's page (${theme} theme)`, async ({ page }) => {
    expect(orderPath).not.toBe('')
    await page.addInitScript((value) => {
      localStorage.setItem('theme', JSON.stringify({ state: { theme: value }, version: 0 }))
    }, theme)
    await page.goto('/')
    await signIn(page, shopper)
    const main = page.getByRole('main')
    // Issue 36: a heart saved to the account, so "מועדפים" has a product to show.
    await page.goto('/products')
    const saved = page.waitForResponse(
      (response) =>
        response.request().method() === 'PUT' && response.url().includes('/api/account/favourites/'),
    )
    await main
      .getByRole('button', { name: /^הוספה למועדפים: / })
      .first()
      .click()
    expect((await saved).status()).toBe(200)
    await page.goto('/account')
    await expect(main.getByRole('region', { name: 'ההזמנות שלי' }).getByRole('article').first()).toBeVisible()
    await expect(main.getByRole('region', { name: 'כתובות' })).toBeVisible()
    const favourites = main.getByRole('region', { name: 'מועדפים' })
    await expect(favourites.getByRole('button', { name: /^הוספה לסל: / }).first()).toBeVisible()
    await expectNoAxeViolations(page)
    await page.setViewportSize({ width: 390, height: 844 })
    await expectNoAxeViolations(page)
    await page.setViewportSize({ width: 1280, height: 720 })
    await page.goto(orderPath)
    await expect(main.getByRole('article').first()).toContainText('שולמה')
    await expectNoAxeViolations(page)
  })
}

for (const colorScheme of ['light', 'dark'] as const) {
  // The provider's pages follow the system's colour scheme (sign-in.css), not the shop's toggle.
  test(`axe finds nothing on the provider's sign-up and forgotten-password pages (${colorScheme})`, async ({
    page,
  }) => {
    await page.goto('/')
    const popup = await openSignInPopup(page)
    await popup.emulateMedia({ colorScheme })
    await popup.getByRole('link', { name: 'הרשמה' }).click()
    await expect(popup.getByRole('button', { name: 'הרשמה' })).toBeVisible()
    await expectNoAxeViolations(popup)
    await popup.goBack()
    await popup.getByRole('link', { name: 'שכחתי סיסמה' }).click()
    await expect(popup.getByLabel('דוא״ל')).toBeVisible()
    await expectNoAxeViolations(popup)
  })
}

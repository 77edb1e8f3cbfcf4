import { expect, test } from './support/test'
import { ADMIN, customerAccount } from './support/accounts'
import {
  ADMIN_LINK,
  LOGIN,
  accountButton,
  openSignInPopup,
  signIn,
  signOutFrom,
  watchErrors,
} from './support/sign-in'

test('an administrator signs in through the popup, opens /admin, keeps the session on reload and signs out', async ({
  page,
  context,
  baseURL,
}) => {
  const errors = watchErrors(context)
  await page.goto('/products?page=2')
  const banner = page.getByRole('banner')

  await signIn(page, ADMIN)
  await expect(accountButton(banner)).toBeVisible()
  // The sign-in happened in the popup: this page stays where it was.
  await expect(page).toHaveURL(`${baseURL}/products?page=2`)

  await banner.getByRole('link', { name: ADMIN_LINK }).click()
  await expect(page).toHaveURL(`${baseURL}/admin`)
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible()

  await page.reload()
  await expect(page).toHaveURL(`${baseURL}/admin`)
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible()
  await expect(accountButton(banner)).toBeVisible()

  // The mobile menu carries the admin link too.
  await page.setViewportSize({ width: 390, height: 800 })
  await page.getByRole('button', { name: 'פתיחת התפריט' }).click()
  const menu = page.getByRole('dialog', { name: 'תפריט' })
  await expect(menu.getByRole('link', { name: ADMIN_LINK })).toBeVisible()
  await signOutFrom(page, menu)

  // The provider asks once, then returns to the site's origin.
  await page.getByRole('button', { name: 'כן, לצאת' }).click()
  await expect(page).toHaveURL(`${baseURL}/`)
  await page.setViewportSize({ width: 1280, height: 720 })
  await expect(banner.getByRole('button', { name: LOGIN })).toBeVisible()
  await expect(banner.getByRole('link', { name: ADMIN_LINK })).toHaveCount(0)

  // Signed out for real: /admin now offers the admin area's own sign-in (ui_area=admin).
  await page.goto('/admin')
  await expect(page.getByText('יש להתחבר כדי להיכנס לאזור הניהול.')).toBeVisible()
  await expect(page.getByRole('main').getByRole('button', { name: 'כניסה לניהול החנות' })).toBeVisible()
  await expect(page).toHaveURL(`${baseURL}/admin`)
  expect(errors).toEqual([])
})

test('a signed-in customer has no admin link and is sent from /admin to / with the unauthorised toast', async ({
  page,
  context,
  baseURL,
}) => {
  const errors = watchErrors(context)
  await page.goto('/')
  await signIn(page, customerAccount())
  const banner = page.getByRole('banner')
  await expect(accountButton(banner)).toBeVisible()
  await expect(banner.getByRole('link', { name: ADMIN_LINK })).toHaveCount(0)

  await page.goto('/admin')
  await expect(page.getByText('אין לך הרשאה לאזור הניהול.')).toBeVisible()
  await expect(page).toHaveURL(`${baseURL}/`)
  await expect(accountButton(banner)).toBeVisible()
  expect(errors).toEqual([])
})

test('a wrong password shows the error in the sign-in window and changes nothing in the shop', async ({
  page,
  context,
}) => {
  const errors = watchErrors(context)
  await page.goto('/recipes')
  const popup = await openSignInPopup(page)
  await popup.getByLabel('דוא״ל').fill(ADMIN.email)
  await popup.getByLabel('סיסמה').fill('not-the-password')
  await popup.getByRole('button', { name: 'כניסה', exact: true }).click()
  await expect(popup.getByRole('alert')).toHaveText('כתובת הדוא״ל או הסיסמה שגויים.')

  await popup.close()
  const banner = page.getByRole('banner')
  await expect(banner.getByRole('button', { name: LOGIN })).toBeVisible()
  await expect(banner.getByRole('link', { name: ADMIN_LINK })).toHaveCount(0)
  await expect(page.getByRole('alert')).toHaveCount(0)
  // The provider answers the failed attempt with 401, which Chromium reports; nothing else.
  expect(errors).toEqual([expect.stringMatching(/\/oidc\/interaction\/[^/]+\/login: .*401/)])
})

test.describe('on a touch phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true })

  test('signs in in the same tab, with no popup, and comes back to the page it started from (decision 268)', async ({
    page,
    context,
    baseURL,
  }) => {
    const errors = watchErrors(context)
    let popups = 0
    context.on('page', () => popups++)
    await page.goto('/products?page=2')
    // At this width the sign-in sits in the mobile menu.
    await page.getByRole('button', { name: 'פתיחת התפריט' }).tap()
    await page.getByRole('dialog', { name: 'תפריט' }).getByRole('button', { name: LOGIN }).tap()

    await expect(page.getByRole('heading', { level: 1, name: 'כניסה לחשבון שלי בחנות' })).toBeVisible()
    const account = customerAccount()
    await page.getByLabel('דוא״ל').fill(account.email)
    await page.getByLabel('סיסמה').fill(account.password)
    await page.getByRole('button', { name: LOGIN, exact: true }).tap()

    await expect(page).toHaveURL(`${baseURL}/products?page=2`)
    await page.getByRole('button', { name: 'פתיחת התפריט' }).tap()
    await expect(accountButton(page.getByRole('dialog', { name: 'תפריט' }))).toBeVisible()
    expect(popups).toBe(0)
    expect(errors).toEqual([])
  })
})

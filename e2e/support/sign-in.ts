import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test'

export const LOGIN = 'כניסה'
/** The signed-in person's menu (issue 22): their first name on the button, sign-out inside. */
export const LOGOUT = 'התנתקות'
export const ADMIN_LINK = 'ניהול החנות'

/**
 * Every console error and uncaught exception of the page and its popups, except
 * Chromium's own request for /favicon.ico on the provider's pages (they link none).
 */
export function watchErrors(context: BrowserContext): string[] {
  const errors: string[] = []
  context.on('console', (message) => {
    if (message.type() !== 'error') return
    const source = message.location().url
    if (new URL(source, 'http://x').pathname === '/favicon.ico') return
    errors.push(`${source}: ${message.text()}`)
  })
  context.on('weberror', (error) => errors.push(`uncaught: ${error.error().message}`))
  return errors
}

/** Presses the header's login button and returns the provider's sign-in popup. */
export async function openSignInPopup(page: Page): Promise<Page> {
  const popupOpened = page.waitForEvent('popup')
  await page.getByRole('banner').getByRole('button', { name: LOGIN }).click()
  const popup = await popupOpened
  // The shop's title, or the admin area's when the web app asks with ui_area=admin (issue 22).
  await expect(
    popup.getByRole('heading', { level: 1, name: /^כניסה (לחשבון שלי בחנות|לניהול החנות)$/ }),
  ).toBeVisible()
  return popup
}

/** Signs in through the built-in provider's popup, as a visitor does from the header. */
export async function signIn(page: Page, account: { email: string; password: string }): Promise<void> {
  const popup = await openSignInPopup(page)
  const closed = popup.waitForEvent('close')
  await popup.getByLabel('דוא״ל').fill(account.email)
  await popup.getByLabel('סיסמה').fill(account.password)
  await popup.getByRole('button', { name: LOGIN, exact: true }).click()
  await closed
  await expect(accountButton(page.getByRole('banner'))).toBeVisible()
}

/** The signed-in person's menu button (its name is theirs): Radix marks it as opening a menu. */
export function accountButton(scope: Page | Locator): Locator {
  return scope.locator('button[aria-haspopup="menu"]')
}

/** Opens the account menu in `scope` (the header, or the mobile menu) and signs out. */
export async function signOutFrom(page: Page, scope: Page | Locator): Promise<void> {
  await accountButton(scope).click()
  await page.getByRole('menuitem', { name: LOGOUT }).click()
}

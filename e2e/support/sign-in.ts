import { expect, type Page } from '@playwright/test'

/** Signs in through the header's button and the built-in provider's popup, as a visitor does. */
export async function signIn(page: Page, account: { email: string; password: string }): Promise<void> {
  const popupOpened = page.waitForEvent('popup')
  await page.getByRole('banner').getByRole('button', { name: 'כניסה' }).click()
  const popup = await popupOpened
  await expect(popup.getByRole('heading', { level: 1, name: 'כניסה לחשבון' })).toBeVisible()
  const closed = popup.waitForEvent('close')
  await popup.getByLabel('דוא״ל').fill(account.email)
  await popup.getByLabel('סיסמה').fill(account.password)
  await popup.getByRole('button', { name: 'כניסה', exact: true }).click()
  await closed
  await expect(page.getByRole('banner').getByRole('button', { name: 'יציאה' })).toBeVisible()
}

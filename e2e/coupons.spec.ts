import type { Page } from '@playwright/test'
import { expect, test } from './support/test'
import { ADMIN } from './support/accounts'
import { APPROVED_CARD, fillCart, fillCustomer, goToPayment, payWith, shekels } from './support/checkout'
import { ADMIN_LINK, signIn } from './support/sign-in'

const adminMenu = (page: Page) => page.getByRole('navigation', { name: 'תפריט הניהול' })

/** Opens a section of the admin area from its menu. */
async function openSection(page: Page, name: string) {
  await page.goto('/admin')
  await adminMenu(page).getByRole('link', { name }).click()
  return page.getByRole('region', { name })
}

test('a visitor applies a coupon and pays the discounted total; the admin sees the discount and the use', async ({
  page,
  request,
}) => {
  const code = `E2E${Date.now() % 1_000_000}`
  const email = `coupon.${Date.now()}@example.com`

  // The owner creates a ₪10 coupon in the admin area.
  await page.goto('/')
  await signIn(page, ADMIN)
  await page.getByRole('banner').getByRole('link', { name: ADMIN_LINK }).click()
  const coupons = await openSection(page, 'קופונים')
  await coupons.getByRole('button', { name: 'קופון חדש' }).click()
  await coupons.getByLabel('קוד', { exact: true }).fill(code.toLowerCase())
  await coupons.getByLabel('סכום קבוע בשקלים').check()
  await coupons.getByLabel('גובה ההנחה').fill('10')
  await coupons.getByRole('button', { name: 'שמירה' }).click()
  await expect(page.getByText(`הקופון ${code} נשמר.`)).toBeVisible()
  const row = coupons.getByRole('row').filter({ has: page.getByRole('rowheader', { name: code }) })
  await expect(row.getByRole('cell', { name: '0 (ללא הגבלה)' })).toBeVisible()

  // A visitor applies it at checkout: a line of its own, and the total ₪10 lower.
  const { total } = await fillCart(page, request)
  const discounted = Math.round(total * 100 - 1000) / 100
  await page.goto('/checkout')
  const summary = page.getByRole('region', { name: 'סיכום הזמנה' })
  await expect(summary.getByText(shekels(total))).toBeVisible()
  await summary.getByLabel('קוד קופון').fill('nope')
  await summary.getByRole('button', { name: 'החלת הקופון' }).click()
  await expect(summary.getByRole('alert')).toHaveText('קוד הקופון אינו מוכר.')
  await summary.getByLabel('קוד קופון').fill(code.toLowerCase())
  await summary.getByRole('button', { name: 'החלת הקופון' }).click()
  await expect(summary.getByText(`הקופון ${code} הוחל: הנחה של 10.00 ₪.`)).toBeVisible()
  const totals = summary.locator('dl').filter({ hasText: 'סה״כ לתשלום' })
  await expect(totals.getByText(`הנחה (קופון ${code})`)).toBeVisible()
  await expect(totals.getByText(shekels(discounted))).toBeVisible()

  // The payment page charges the discounted total, with the sandbox's approved card.
  await fillCustomer(page, '050-1234567', email)
  const payment = await goToPayment(page)
  await payment.waitForLoadState()
  await expect(payment.getByText(shekels(discounted)).first()).toBeVisible()
  await payWith(payment, APPROVED_CARD)
  await expect(payment.getByRole('heading', { level: 1 })).toHaveText('תודה על ההזמנה!')
  const receipt = payment.locator('dl').filter({ hasText: 'סה״כ לתשלום' })
  await expect(receipt.getByText(`הנחה (קופון ${code})`)).toBeVisible()
  await expect(receipt.getByText(shekels(discounted))).toBeVisible()
  await payment.close()

  // The owner sees the order with its discount, and the coupon's one use.
  const orders = await openSection(page, 'הזמנות')
  await orders.getByLabel('חיפוש לפי מספר הזמנה, שם, טלפון או דוא״ל').fill(email)
  const orderRow = orders
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: /^פרטי ההזמנה / }) })
  await expect(orderRow).toHaveCount(1)
  await orderRow.getByRole('button', { name: /^פרטי ההזמנה / }).click()
  const order = page.getByRole('dialog', { name: /^הזמנה / })
  await expect(order.getByText(`הנחה (קופון ${code})`).locator('xpath=following-sibling::dd[1]')).toHaveText(
    '−10.00 ₪',
  )
  await expect(order.getByText(shekels(discounted)).first()).toBeVisible()
  await order.getByRole('button', { name: 'סגירה' }).click()

  const list = await openSection(page, 'קופונים')
  const used = list.getByRole('row').filter({ has: page.getByRole('rowheader', { name: code }) })
  await expect(used.getByRole('cell', { name: '1 (ללא הגבלה)' })).toBeVisible()
})

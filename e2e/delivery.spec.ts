import type { Locator, Page } from '@playwright/test'
import { expect, test } from './support/test'
import { ADMIN } from './support/accounts'
import { APPROVED_CARD, fillCart, fillCustomer, goToPayment, payWith, shekels } from './support/checkout'
import { ADMIN_LINK, signIn } from './support/sign-in'

// Runs in its own Playwright project, after every other spec (playwright.config.ts): the
// methods it defines would change the others' checkouts. It deletes them at the end.

const adminMenu = (page: Page) => page.getByRole('navigation', { name: 'תפריט הניהול' })

async function openSection(page: Page, name: string) {
  await page.goto('/admin')
  await adminMenu(page).getByRole('link', { name }).click()
  return page.getByRole('region', { name })
}

/** The admin's form for a new method, filled with what both kinds share. */
async function startMethod(section: Locator, name: string, days: [string, string]) {
  await section.getByRole('button', { name: 'הוספת אופן משלוח' }).click()
  await section.getByLabel('שם', { exact: true }).fill(name)
  await section.getByLabel('ימי עסקים, לפחות').fill(days[0])
  await section.getByLabel('ימי עסקים, לכל היותר').fill(days[1])
}

async function fillZone(section: Locator, number: number, name: string, price: string) {
  const zone = section.getByRole('group', { name: `אזור ${number}` })
  await zone.getByLabel('שם האזור').fill(name)
  await zone.getByLabel('מחיר (₪)').fill(price)
  return zone
}

async function deleteMethod(page: Page, section: Locator, name: string) {
  await section.getByRole('button', { name: `מחיקה ${name}` }).click()
  await page.getByRole('alertdialog', { name: 'אישור מחיקה' }).getByRole('button', { name: 'מחיקה' }).click()
  await expect(page.getByText(`אופן המשלוח ״${name}״ נמחק.`)).toBeVisible()
}

test('the owner defines zones and pickup; a visitor picks pickup, applies a coupon and pays; the admin sees both', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000)
  const stamp = Date.now() % 1_000_000
  const home = `שליח E2E ${stamp}`
  const pickup = `איסוף E2E ${stamp}`
  const code = `SHIP${stamp}`
  const email = `delivery.${Date.now()}@example.com`

  await page.goto('/')
  await signIn(page, ADMIN)
  await page.getByRole('banner').getByRole('link', { name: ADMIN_LINK }).click()

  // Home delivery by two zones: the north with חיפה at ₪25, everywhere else at ₪30.
  const delivery = await openSection(page, 'משלוחים')
  await expect(delivery.getByText(/החנות גובה דמי משלוח קבועים/)).toBeVisible()
  await startMethod(delivery, home, ['2', '4'])
  const north = await fillZone(delivery, 1, 'צפון', '25')
  await north.getByRole('combobox', { name: 'יישובים באזור' }).fill('חיפה')
  await north.getByRole('option', { name: 'חיפה', exact: true }).click()
  await expect(north.getByRole('button', { name: 'הסרת חיפה' })).toBeVisible()
  await delivery.getByRole('button', { name: 'הוספת אזור' }).click()
  const rest = await fillZone(delivery, 2, 'מרכז', '30')
  await rest.getByRole('checkbox', { name: 'כל שאר הארץ' }).check()
  await delivery.getByRole('button', { name: 'שמירה' }).click()
  await expect(page.getByText(`אופן המשלוח ״${home}״ נשמר.`)).toBeVisible()

  // Pickup from the shop.
  await startMethod(delivery, pickup, ['1', '2'])
  await delivery.getByRole('radio', { name: 'איסוף עצמי' }).check()
  await delivery.getByLabel('כתובת לאיסוף').fill('הנביאים 12, ירושלים')
  await delivery.getByLabel('שעות פתיחה').fill('א׳–ה׳ 9:00–18:00')
  await delivery.getByRole('button', { name: 'שמירה' }).click()
  await expect(page.getByText(`אופן המשלוח ״${pickup}״ נשמר.`)).toBeVisible()
  const homeRow = delivery.getByRole('row').filter({ has: page.getByRole('rowheader', { name: home }) })
  await expect(homeRow.getByText('צפון: 25.00 ₪ · יישוב אחד')).toBeVisible()

  // A ₪10 coupon.
  const coupons = await openSection(page, 'קופונים')
  await coupons.getByRole('button', { name: 'קופון חדש' }).click()
  await coupons.getByLabel('קוד', { exact: true }).fill(code)
  await coupons.getByLabel('סכום קבוע בשקלים').check()
  await coupons.getByLabel('גובה ההנחה').fill('10')
  await coupons.getByRole('button', { name: 'שמירה' }).click()
  await expect(page.getByText(`הקופון ${code} נשמר.`)).toBeVisible()

  // The visitor: חיפה is in the north zone, ₪25; pickup is ₪0.
  const { lines } = await fillCart(page, request)
  const itemsAgorot = lines.reduce((sum, line) => sum + Math.round(line.price * 100) * line.quantity, 0)
  await page.goto('/checkout')
  const summary = page.getByRole('region', { name: 'סיכום הזמנה' })
  const totals = summary.locator('dl').filter({ hasText: 'סה״כ' })
  const shipping = totals.getByText('משלוח', { exact: true }).locator('xpath=following-sibling::dd[1]')
  await expect(shipping).toHaveText('ייקבע לפי אופן המשלוח')
  const form = await fillCustomer(page, '050-1234567', email)
  const options = form.getByRole('group', { name: 'אופן המשלוח' })
  await options.getByRole('radio', { name: new RegExp(`${home} – צפון`) }).check()
  await expect(shipping).toHaveText('25.00 ₪')
  await expect(totals.getByText(shekels((itemsAgorot + 2500) / 100))).toBeVisible()
  await options.getByRole('radio', { name: new RegExp(pickup) }).check()
  await expect(shipping).toHaveText('0.00 ₪')
  await expect(options.getByText('כתובת לאיסוף: הנביאים 12, ירושלים')).toBeVisible()

  await summary.getByLabel('קוד קופון').fill(code)
  await summary.getByRole('button', { name: 'החלת הקופון' }).click()
  await expect(summary.getByText(`הקופון ${code} הוחל: הנחה של 10.00 ₪.`)).toBeVisible()
  const discounted = shekels((itemsAgorot - 1000) / 100)
  await expect(totals.getByText(discounted).first()).toBeVisible()

  const payment = await goToPayment(page)
  await payment.waitForLoadState()
  await expect(payment.getByText(discounted).first()).toBeVisible()
  await payWith(payment, APPROVED_CARD)
  await expect(payment.getByRole('heading', { level: 1 })).toHaveText('תודה על ההזמנה!')
  await expect(payment.getByText(pickup)).toBeVisible()
  await expect(payment.getByText('כתובת לאיסוף: הנביאים 12, ירושלים')).toBeVisible()
  await payment.close()

  // The owner sees the order with its method and its discount.
  const orders = await openSection(page, 'הזמנות')
  await orders.getByLabel('חיפוש לפי מספר הזמנה, שם, טלפון או דוא״ל').fill(email)
  const details = orders.getByRole('button', { name: /^פרטי ההזמנה / })
  await expect(details).toHaveCount(1)
  await details.click()
  const order = page.getByRole('dialog', { name: /^הזמנה / })
  await expect(order.getByText('אופן המשלוח').locator('xpath=following-sibling::dd[1]')).toContainText(pickup)
  await expect(order.getByText(`הנחה (קופון ${code})`).locator('xpath=following-sibling::dd[1]')).toHaveText(
    '−10.00 ₪',
  )
  await expect(order.getByText(discounted).first()).toBeVisible()
  await order.getByRole('button', { name: 'סגירה' }).click()

  // What this spec defined goes, so the shop is back to its standard delivery.
  const cleanup = await openSection(page, 'משלוחים')
  await deleteMethod(page, cleanup, home)
  await deleteMethod(page, cleanup, pickup)
  await expect(cleanup.getByText('עדיין לא הוגדרו אופני משלוח.')).toBeVisible()
})

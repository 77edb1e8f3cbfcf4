import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { expect, test } from './support/test'
import { ADMIN } from './support/accounts'
import { ADMIN_LINK, signIn } from './support/sign-in'

// Issue 19: a size with no stock says "אזל מהמלאי" in the shop and cannot go into the cart.

function photo(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: '#7a3b1b' } })
    .png()
    .toBuffer()
}

/** Adds a product of two sizes through the admin form: the small one sold out, the large one with 2 left. */
async function addProduct(page: Page, name: string): Promise<void> {
  await page.goto('/')
  await signIn(page, ADMIN)
  await page.getByRole('banner').getByRole('link', { name: ADMIN_LINK }).click()
  await page
    .getByRole('navigation', { name: 'תפריט הניהול' })
    .getByRole('link', { name: 'הוספת מוצר' })
    .click()
  const form = page.getByRole('region', { name: 'הוספת מוצר' })
  await form.getByLabel('שם', { exact: true }).fill(name)
  await form.getByLabel('תיאור קצר').fill('תערובת בדיקה למלאי שאזל')
  const chooser = page.waitForEvent('filechooser')
  await form.getByRole('button', { name: /^תמונה:/ }).click()
  await (await chooser).setFiles({ name: 'spice.png', mimeType: 'image/png', buffer: await photo() })
  await expect(form.getByText('הועלה', { exact: true })).toBeVisible()
  const sizes = [
    { name: '50 גרם', quantity: '50', price: '12', stock: '0' },
    { name: '200 גרם', quantity: '200', price: '39', stock: '2' },
  ]
  for (const [index, size] of sizes.entries()) {
    if (index > 0) await form.getByRole('button', { name: 'הוספת אפשרות תמחור' }).click()
    const row = form.getByRole('group', { name: `אפשרות תמחור ${index + 1}` })
    await row.getByLabel('שם הגודל').fill(size.name)
    await row.getByLabel('כמות (בגרם או יחידות)').fill(size.quantity)
    await row.getByLabel('מחיר (₪)').fill(size.price)
    await row.getByLabel('מלאי').fill(size.stock)
  }
  await form.getByRole('checkbox', { name: 'תבלינים', exact: true }).check()
  const feature = form.getByRole('group', { name: 'מאפיין 1' })
  await feature.getByLabel('כותרת').fill('מקור')
  await feature.getByLabel('תיאור', { exact: true }).fill('אתיופיה')
  await form.getByRole('button', { name: 'שמירה' }).click()
  await expect(page.getByText('המוצר נוסף בהצלחה')).toBeVisible()
}

test('a sold-out size cannot be added to the cart, and the admin sees it in the low-stock list', async ({
  page,
}) => {
  const name = `מיטמיטה מלאי ${Date.now().toString().slice(-6)}`
  await addProduct(page, name)

  // The admin list shows each size's count; the low-stock view lists the sold-out size first.
  const list = page.getByRole('region', { name: 'מוצרים' })
  await list.getByLabel('חיפוש לפי שם').fill(name)
  const row = list.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) })
  await expect(row.getByText('50 גרם: אזל מהמלאי')).toBeVisible()
  await expect(row.getByText('200 גרם: 2')).toBeVisible()
  await page
    .getByRole('navigation', { name: 'תפריט הניהול' })
    .getByRole('link', { name: 'מלאי', exact: true })
    .click()
  const low = page.getByRole('region', { name: 'מלאי נמוך' })
  await expect(low.getByRole('rowheader', { name: `${name} (50 גרם)` })).toBeVisible()
  await expect(low.getByRole('rowheader', { name: `${name} (200 גרם)` })).toBeVisible()

  // In the shop: the popup offers only the size still for sale.
  await page.goto('/products')
  const shop = page.getByRole('main')
  await shop.getByLabel('חיפוש מוצרים').fill(name)
  await shop.getByRole('button', { name: 'חיפוש' }).click()
  const card = shop.getByRole('article').filter({ has: page.getByRole('link', { name }) })
  await card.getByRole('button', { name: `בחירת גודל והוספה לסל: ${name}` }).click()
  const purchase = page.getByRole('dialog', { name: `הוספה לסל: ${name}` })
  const soldOut = purchase.getByRole('radio', { name: /^50 גרם/ })
  await expect(soldOut).toBeDisabled()
  await expect(purchase.getByText('אזל מהמלאי')).toBeVisible()
  await expect(purchase.getByRole('radio', { name: /^200 גרם/ })).toBeChecked()
  await soldOut.click({ force: true })
  await expect(purchase.getByRole('radio', { name: /^200 גרם/ })).toBeChecked()
  await purchase.getByRole('button', { name: 'סגירה' }).click()

  // Once the last size is sold out too, the card and the product page say so and add nothing.
  await page.goto('/admin?section=products')
  await list.getByLabel('חיפוש לפי שם').fill(name)
  await list.getByRole('button', { name: `עריכה: ${name}` }).click()
  const editor = page.getByRole('region', { name: 'עריכת מוצר' })
  await editor.getByRole('group', { name: 'אפשרות תמחור 2' }).getByLabel('מלאי').fill('0')
  await editor.getByRole('button', { name: 'שמירה' }).click()
  await expect(page.getByText('המוצר עודכן בהצלחה')).toBeVisible()

  await page.goto('/products')
  await shop.getByLabel('חיפוש מוצרים').fill(name)
  await shop.getByRole('button', { name: 'חיפוש' }).click()
  await expect(card.getByRole('button', { name: `${name}: אזל מהמלאי` })).toBeDisabled()
  await card.getByRole('link', { name }).click()
  await expect(shop.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(shop.getByRole('button', { name: `${name}: אזל מהמלאי` })).toBeDisabled()
  await expect(shop.getByRole('button', { name: 'לקנייה' })).toHaveCount(0)
  await shop.getByRole('button', { name: `${name}: אזל מהמלאי` }).click({ force: true })
  await expect(page.getByRole('banner').getByRole('button', { name: 'סל הקניות, 0 פריטים' })).toBeVisible()
})

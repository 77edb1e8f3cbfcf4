import { expect, test } from './support/test'
import { ADMIN } from './support/accounts'
import { ADMIN_LINK, signIn } from './support/sign-in'

// Issue 37: a Shopify file in through Admin → מוצרים → ייבוא; the preview, apply, and the shop's price.

const HEADER =
  'Handle,Title,Body (HTML),Type,Option1 Name,Option1 Value,Variant SKU,Variant Grams,Variant Price,Image Src'

function shopifyFile(name: string, sku: string, price: string) {
  const row = `e2e-import,"${name}",<p>תערובת לבדיקת ייבוא</p>,spice-blends,Weight,250g,${sku},250,${price},/uploads/products/import-e2e.webp`
  return { name: 'products_export.csv', mimeType: 'text/csv', buffer: Buffer.from(`${HEADER}\r\n${row}\r\n`) }
}

test('upload → preview → apply; a second file changes the price, and the shop shows it', async ({ page }) => {
  const stamp = Date.now().toString().slice(-6)
  const name = `ברברה מיובאת ${stamp}`
  const sku = `E2E-${stamp}`
  await page.goto('/')
  await signIn(page, ADMIN)
  await page.getByRole('banner').getByRole('link', { name: ADMIN_LINK }).click()
  await page.getByRole('navigation', { name: 'תפריט הניהול' }).getByRole('link', { name: 'מוצרים' }).click()

  const importFile = async (price: string, expected: string, done: string) => {
    await page.getByLabel('קובץ לייבוא').setInputFiles(shopifyFile(name, sku, price))
    await page.getByRole('button', { name: 'בדיקת הקובץ' }).click()
    await expect(page.getByText(expected)).toBeVisible()
    await page.getByRole('button', { name: 'ייבוא מוצר אחד' }).click()
    await expect(page.getByText(done)).toBeVisible()
  }
  await page.getByText('ייבוא מוצרים מקובץ').click()
  await importFile(
    '29.90',
    '1 חדשים · 0 משתנים · 0 ללא שינוי · 0 עם בעיות',
    'הייבוא הושלם: 1 נוספו, 0 עודכנו',
  )
  await importFile(
    '34.50',
    '0 חדשים · 1 משתנים · 0 ללא שינוי · 0 עם בעיות',
    'הייבוא הושלם: 0 נוספו, 1 עודכנו',
  )

  await page.goto(`/products?filter=${encodeURIComponent(name)}`)
  const card = page.getByRole('main').getByRole('article').filter({ hasText: name })
  await expect(card).toContainText('34.50')
})

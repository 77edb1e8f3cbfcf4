import type { Locator, Page } from '@playwright/test'
import { expect, test } from './support/test'
import sharp from 'sharp'
import { ADMIN } from './support/accounts'
import { placePaidOrder } from './support/checkout'
import { ADMIN_LINK, signIn } from './support/sign-in'

/** An upload's address: the 640 width of a random id (docs/decisions/070). */
const UPLOADED = /^\/uploads\/products\/[0-9a-f]{32}-640\.webp$/

/** A real photo-sized PNG, made here rather than committed. */
function photo(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: '#d9a21b' } })
    .png()
    .toBuffer()
}

/** Signs in as the administrator from the home page and opens the dashboard from the header. */
async function openAdmin(page: Page): Promise<void> {
  await page.goto('/')
  await signIn(page, ADMIN)
  await page.getByRole('banner').getByRole('link', { name: ADMIN_LINK }).click()
  await expect(page.getByRole('region', { name: 'מוצרים' })).toBeVisible()
}

const adminMenu = (page: Page) => page.getByRole('navigation', { name: 'תפריט הניהול' })

/** The admin products list, narrowed to `name` with its text filter. */
async function findInAdminList(page: Page, name: string): Promise<Locator> {
  await page.goto('/admin?section=products')
  const list = page.getByRole('region', { name: 'מוצרים' })
  await list.getByLabel('חיפוש לפי שם').fill(name)
  return list
}

/** Waits until the image has really loaded (a broken one has no natural width). */
async function expectLoaded(image: Locator): Promise<void> {
  await expect
    .poll(() => image.evaluate((node: HTMLImageElement) => node.complete && node.naturalWidth))
    .toBeGreaterThan(0)
}

test('the shop owner adds a product with an uploaded image, sees it in the shop, reprices it and deletes it', async ({
  page,
  request,
}) => {
  const name = `זעפרן בדיקה ${Date.now().toString().slice(-6)}`
  await openAdmin(page)
  // The test server takes payments through the built-in sandbox: the admin area says so.
  await expect(page.getByRole('alert').filter({ hasText: 'מצב ארגז חול' })).toBeVisible()

  // Add: every required field, the image through the upload control's file dialog.
  await adminMenu(page).getByRole('link', { name: 'הוספת מוצר' }).click()
  const form = page.getByRole('region', { name: 'הוספת מוצר' })
  await form.getByLabel('שם', { exact: true }).fill(name)
  await form.getByLabel('תיאור קצר').fill('חוטי זעפרן איראני, קטיף אחרון')
  const chooser = page.waitForEvent('filechooser')
  await form.getByRole('button', { name: /^תמונה:/ }).click()
  await (await chooser).setFiles({ name: 'saffron.png', mimeType: 'image/png', buffer: await photo() })
  await expect(form.getByText('הועלה', { exact: true })).toBeVisible()
  const pricing = form.getByRole('group', { name: 'אפשרות תמחור 1' })
  await pricing.getByLabel('שם הגודל').fill('5 גרם')
  await pricing.getByLabel('כמות (בגרם או יחידות)').fill('5')
  await pricing.getByLabel('מחיר (₪)').fill('19.5')
  await form.getByRole('checkbox', { name: 'תבלינים', exact: true }).check()
  const feature = form.getByRole('group', { name: 'מאפיין 1' })
  await feature.getByLabel('כותרת').fill('מקור')
  await feature.getByLabel('תיאור', { exact: true }).fill('איראן')
  await form.getByRole('button', { name: 'שמירה' }).click()

  await expect(page.getByText('המוצר נוסף בהצלחה')).toBeVisible()
  const list = page.getByRole('region', { name: 'מוצרים' })
  await list.getByLabel('חיפוש לפי שם').fill(name)
  const row = list.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) })
  await expect(row.getByText('5 גרם: 19.50 ₪')).toBeVisible()
  await expect(row.locator('img')).toHaveAttribute('src', UPLOADED)
  const image = (await row.locator('img').getAttribute('src'))!

  // The shop finds it by name, with its image.
  await page.goto('/products')
  const shop = page.getByRole('main')
  await shop.getByLabel('חיפוש מוצרים').fill(name)
  await shop.getByRole('button', { name: 'חיפוש' }).click()
  const card = shop.getByRole('article').filter({ has: page.getByRole('link', { name }) })
  await expect(card).toHaveCount(1)
  await expect(card.locator('img')).toHaveAttribute('src', image)
  await expectLoaded(card.locator('img'))
  await card.getByRole('link', { name }).click()
  await expect(page).toHaveURL(/\/products\/[\w-]+\/info$/)
  const productPage = page.url()
  await expect(shop.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(shop.getByRole('img', { name })).toHaveAttribute('src', image)
  await expectLoaded(shop.getByRole('img', { name }))
  // The page's price, not the closed purchase popup's copies of it.
  await expect(shop.getByText('19.50 ₪').filter({ visible: true })).toBeVisible()

  // A new price in admin is the shop's price at once.
  let adminList = await findInAdminList(page, name)
  await adminList.getByRole('button', { name: `עריכה: ${name}` }).click()
  const editor = page.getByRole('region', { name: 'עריכת מוצר' })
  await editor.getByRole('group', { name: 'אפשרות תמחור 1' }).getByLabel('מחיר (₪)').fill('24.9')
  await editor.getByRole('button', { name: 'שמירה' }).click()
  await expect(page.getByText('המוצר עודכן בהצלחה')).toBeVisible()
  await page.getByRole('region', { name: 'מוצרים' }).getByLabel('חיפוש לפי שם').fill(name)
  await expect(page.getByRole('region', { name: 'מוצרים' }).getByText('5 גרם: 24.90 ₪')).toBeVisible()

  await page.goto(productPage)
  await expect(shop.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(shop.getByText('24.90 ₪').filter({ visible: true })).toBeVisible()
  await expect(shop.getByText('19.50 ₪')).toHaveCount(0)
  await shop.getByRole('button', { name: 'לקנייה' }).click()
  const purchase = page.getByRole('dialog')
  await expect(purchase.getByRole('status', { name: 'סה״כ' })).toContainText('24.90')
  await purchase.getByRole('button', { name: 'סגירה' }).click()

  // Delete through the confirmation; the shop no longer has it, nor its image.
  adminList = await findInAdminList(page, name)
  await adminList.getByRole('button', { name: `מחיקה: ${name}` }).click()
  const confirm = page.getByRole('alertdialog', { name: 'אישור מחיקה' })
  await expect(confirm).toContainText(name)
  await confirm.getByRole('button', { name: 'מחיקה' }).click()
  await expect(page.getByText('המוצר נמחק בהצלחה')).toBeVisible()
  await expect(confirm).toBeHidden()
  await expect(adminList.getByRole('rowheader', { name })).toHaveCount(0)
  await expect(adminList.getByText('אין פריטים להצגה')).toBeVisible()

  await page.goto(productPage)
  await expect(shop.getByRole('alert')).toHaveText('המוצר אינו זמין כרגע.')
  expect((await request.get(image)).status()).toBe(404)
})

test('the package list has the spec headings: package name, price with ₪, diners, ingredients (spec §2), and the stock (issue 19)', async ({
  page,
}) => {
  await openAdmin(page)
  await adminMenu(page).getByRole('link', { name: 'מארזים' }).click()
  const table = page.getByRole('table', { name: 'מארזים' })
  await expect(table.getByRole('columnheader')).toHaveText([
    '#',
    'תמונה',
    'שם המארז',
    'מחיר (₪)',
    'מלאי',
    'מספר סועדים',
    'מספר מרכיבים',
    'פעולות',
  ])
  await expect(table.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('1')
})

test('a save the server refuses is a Hebrew toast, not its English message (spec §8)', async ({
  page,
  request,
}) => {
  await openAdmin(page)
  // The signed-in admin's own token, as another admin's tab would hold one.
  const token = await page.evaluate(() => {
    for (let index = 0; index < sessionStorage.length; index++) {
      const key = sessionStorage.key(index) ?? ''
      if (key.startsWith('oidc.user:'))
        return (JSON.parse(sessionStorage.getItem(key)!) as { access_token: string }).access_token
    }
    throw new Error('not signed in')
  })
  const headers = { authorization: `Bearer ${token}` }
  const [demo] = (await (await request.get('/api/packages?limit=1')).json()).data.items as Array<{
    image: string
  }>
  const [product] = (await (await request.get('/api/products?limit=1')).json()).data.items as Array<{
    _id: string
    pricing: Array<{ size: { sizeName: string } }>
  }>
  const created = await request.post('/api/packages', {
    headers,
    data: {
      name: `מארז לבדיקה ${Date.now()}`,
      image: demo!.image,
      price: 50,
      cookingTime: 30,
      peoplesQuantity: 2,
      items: [{ productId: product!._id, sizeName: product!.pricing[0]!.size.sizeName, quantity: 1 }],
    },
  })
  expect(created.status()).toBe(201)
  const { _id: id } = (await created.json()).data as { _id: string }
  await page.goto(`/admin?section=edit-package&id=${id}`)
  await expect(page.getByLabel('מחיר (₪)')).toHaveValue('50')
  // Meanwhile the package is deleted elsewhere.
  expect((await request.delete(`/api/packages/${id}`, { headers })).status()).toBe(200)
  await page.getByRole('button', { name: 'שמירה' }).click()
  await expect(page.getByText('השמירה נכשלה: הפריט לא נמצא. ייתכן שנמחק.')).toBeVisible()
  await expect(page.getByText(/not found/i)).toHaveCount(0)
})

test('the shop owner moves a paid order from paid to preparing to shipped', async ({ page, request }) => {
  const email = `order.${Date.now()}@example.com`
  await placePaidOrder(page, request, email)

  await openAdmin(page)
  await adminMenu(page).getByRole('link', { name: 'הזמנות' }).click()
  const orders = page.getByRole('region', { name: 'הזמנות' })
  await orders.getByLabel('חיפוש לפי מספר הזמנה, שם, טלפון או דוא״ל').fill(email)
  const rows = orders.getByRole('row').filter({ has: page.getByRole('button', { name: /^פרטי ההזמנה / }) })
  await expect(rows).toHaveCount(1)
  // Spec §2: the index first, then the order number.
  await expect(orders.getByRole('columnheader').first()).toHaveText('#')
  await expect(orders.getByRole('columnheader').nth(1)).toHaveText('מספר הזמנה')
  await expect(rows.getByRole('cell').first()).toHaveText('1')
  await expect(rows.getByRole('cell', { name: 'שולמה' })).toBeVisible()
  await expect(rows.getByRole('cell', { name: 'נועה' })).toBeVisible()

  await rows.getByRole('button', { name: /^פרטי ההזמנה / }).click()
  const order = page.getByRole('dialog', { name: /^הזמנה / })
  await expect(order.getByText(email)).toBeVisible()
  // The sandbox's Visa by its proper name (decision 100), the digits isolated.
  await expect(
    order.getByText('כרטיס', { exact: true }).locator('xpath=following-sibling::dd[1]'),
  ).toHaveText('Visa המסתיים ב־0000')
  const history = order.getByRole('list', { name: 'היסטוריית סטטוסים' })
  for (const status of ['בהכנה', 'נשלחה']) {
    await order.getByLabel('סטטוס חדש').selectOption({ label: status })
    await order.getByRole('button', { name: 'עדכון הסטטוס' }).click()
    await expect(page.getByText(`סטטוס ההזמנה עודכן ל"${status}"`)).toBeVisible()
    await expect(history.getByRole('listitem').filter({ hasText: status })).toContainText(ADMIN.email)
  }
  await expect(history.getByRole('listitem')).toHaveText([
    /^ממתינה לתשלום/,
    /^שולמה/,
    new RegExp(`^בהכנה.*${ADMIN.email}`),
    new RegExp(`^נשלחה.*${ADMIN.email}`),
  ])

  await order.getByRole('button', { name: 'סגירה' }).click()
  await expect(rows.getByRole('cell', { name: 'נשלחה' })).toBeVisible()

  // The activity log names the statuses in Hebrew.
  const orderNumber = (await rows.getByRole('rowheader').textContent()) ?? ''
  await adminMenu(page).getByRole('link', { name: 'יומן פעולות' }).click()
  const log = page.getByRole('table', { name: 'יומן פעולות' })
  await expect(log.getByRole('cell', { name: `${orderNumber}: שולמה ← בהכנה` })).toBeVisible()
  await expect(log.getByRole('cell', { name: `${orderNumber}: בהכנה ← נשלחה` })).toBeVisible()
})

import { expect, test, waitForApp } from './support/test'
import { ADMIN } from './support/accounts'
import { linkFromMail, mailsTo } from './support/mail'
import { ADMIN_LINK, signIn } from './support/sign-in'
import { soldOutProduct } from './support/stock-alerts'

// Issue 36, decision 277: a shopper asks to hear when a sold-out size is back, confirms it
// from the mail, the owner restocks in the admin, and exactly one mail says it is back.

test('a sold-out size is asked for, confirmed from the mail, restocked by the owner and mailed once', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const stamp = Date.now().toString().slice(-6)
  const name = `ברברה חוזרת ${stamp}`
  const email = `back.${stamp}@example.com`
  await page.goto('/')
  await signIn(page, ADMIN)
  const productId = await soldOutProduct(page, request, name)

  // A guest, in a browser of their own, asks on the product page and confirms from the mail.
  const guest = await (await browser.newContext()).newPage()
  await guest.goto(`/products/${productId}/info`)
  await waitForApp(guest)
  const shop = guest.getByRole('main')
  await shop.getByText(`עדכנו אותי כש${name} (50 גרם) יחזור למלאי`).click()
  await shop.getByLabel('כתובת דוא״ל').fill(email)
  await shop.getByRole('button', { name: 'שליחת בקשת העדכון' }).click()
  await expect(shop.getByRole('status')).toContainText(`שלחנו קישור לאישור אל ${email}`)
  await guest.goto(await linkFromMail(email, '/confirm#'))
  await waitForApp(guest)
  await expect(guest.getByText(`כש${name} (50 גרם) יחזור למלאי`)).toBeVisible()
  await guest.getByRole('button', { name: 'אישור העדכון' }).click()
  await expect(guest.getByRole('heading', { name: 'תודה, האישור נרשם' })).toBeVisible()

  // The owner sees one waiting for the size, and restocks it in the product form.
  await page.getByRole('banner').getByRole('link', { name: ADMIN_LINK }).click()
  const menu = page.getByRole('navigation', { name: 'תפריט הניהול' })
  await menu.getByRole('link', { name: 'מלאי', exact: true }).click()
  const waiting = page.getByRole('region', { name: 'ממתינים לעדכון כשיחזור למלאי' })
  const row = waiting
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: `${name} (50 גרם)` }) })
  await expect(row.getByRole('cell').nth(1)).toHaveText('1')
  await page.goto(`/admin?section=edit-product&id=${productId}`)
  const editor = page.getByRole('region', { name: 'עריכת מוצר' })
  await editor.getByRole('group', { name: 'אפשרות תמחור 1' }).getByLabel('מלאי').fill('5')
  await editor.getByRole('button', { name: 'שמירה' }).click()
  await expect(page.getByText('המוצר עודכן בהצלחה')).toBeVisible()

  // One mail, with a link straight to the size; nobody waits any more, so no second one.
  const link = await linkFromMail(email, `/products/${productId}/info`)
  expect(link).toContain(`size=${encodeURIComponent('50 גרם')}`)
  await page.goto('/admin?section=stock')
  await expect(waiting.getByText('אף אחד אינו ממתין כרגע לפריט שאזל.')).toBeVisible()
  expect(mailsTo(email).filter((mail) => mail.includes(`/products/${productId}/info`))).toHaveLength(1)
  await guest.goto(link)
  await waitForApp(guest)
  await expect(guest.getByRole('heading', { level: 1, name })).toBeVisible()
  await guest.getByRole('main').getByRole('button', { name: 'לקנייה' }).click()
  await expect(guest.getByRole('dialog').getByRole('radio', { name: /^50 גרם/ })).toBeChecked()
  await guest.context().close()
})

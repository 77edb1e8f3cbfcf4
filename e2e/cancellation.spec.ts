import { expect, test } from './support/test'
import { ADMIN } from './support/accounts'
import { APPROVED_CARD, fillCart, fillCustomer, goToPayment, payWith } from './support/checkout'
import { linkFromMail } from './support/mail'
import { signIn } from './support/sign-in'

test('a buyer cancels an order from /cancel-order and the admin refunds it with the sandbox', async ({
  page,
  request,
}) => {
  // A whole journey: checkout, payment, the notice, sign-in and the refund.
  test.setTimeout(300_000)
  const email = `cancel-${Date.now()}@example.com`
  await fillCart(page, request)
  await page.goto('/checkout')
  await fillCustomer(page, '050-7654321', email)
  const payment = await goToPayment(page)
  await payment.waitForLoadState()
  await payWith(payment, APPROVED_CARD)
  // A loaded machine: the sandbox's callback and the thank-you page may take a while.
  const slow = { timeout: 60_000 }
  await expect(payment.getByRole('heading', { level: 1 })).toHaveText('תודה על ההזמנה!', slow)
  const number = (await payment
    .getByText(/^TV-\d+$/)
    .first()
    .textContent())!.trim()
  await payment.close()

  // The buyer, not signed in: a wrong field is named in Hebrew, then the notice goes through.
  await page.goto('/cancel-order')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ביטול עסקה')
  await page.getByLabel('מספר הזמנה').fill('abc')
  await page.getByRole('button', { name: 'שליחת הודעת ביטול' }).click()
  await expect(page.getByText('יש להזין מספר הזמנה, למשל TV-1001')).toBeVisible()
  await page.getByLabel('מספר הזמנה').fill(number)
  await page.getByLabel('דוא״ל או טלפון שמסרתם בהזמנה').fill(email)
  await page.getByLabel('סיבת הביטול (לא חובה)').fill('הזמנתי בטעות')
  await page.getByRole('button', { name: 'שליחת הודעת ביטול' }).click()
  // Not signed in: the notice waits for the order's own mailbox (issue 33).
  await expect(page.getByRole('heading', { name: 'נשלח קישור לאישור' })).toBeFocused(slow)

  // The buyer opens the link from the mail; only the page's button gives the notice.
  await page.goto(await linkFromMail(email, '/confirm#'))
  await expect(page.getByRole('heading', { level: 1, name: 'אישור הודעת ביטול עסקה' })).toBeVisible(slow)
  await page.getByRole('button', { name: 'אישור הודעת הביטול' }).click()
  await expect(page.getByRole('status')).toContainText(`הודעת הביטול להזמנה ${number} נמסרה.`, slow)

  // The administrator approves it from the inbox; the sandbox refunds the payment.
  await page.goto('/')
  await signIn(page, ADMIN)
  await page.goto('/admin?section=cancellations')
  const inbox = page.getByRole('region', { name: 'בקשות ביטול' })
  const row = inbox.getByRole('row').filter({ hasText: number })
  await expect(row.getByText('הזמנתי בטעות')).toBeVisible(slow)
  await row.getByRole('button', { name: `אישור והחזר להזמנה ${number}` }).click()
  // Money goes back for good: the amount, the fee and the order are said first (issue 35).
  const confirm = page.getByRole('alertdialog', { name: 'לאשר את ההחזר?' })
  await expect(confirm).toContainText(new RegExp(`יוחזרו ללקוח .* ₪ על הזמנה ${number}, ודמי ביטול של .* ₪`))
  await confirm.getByRole('button', { name: /^החזר .* ₪$/ }).click()
  await expect(page.getByText(`ההחזר להזמנה ${number} בוצע`)).toBeVisible(slow)
  await expect(inbox.getByRole('row').filter({ hasText: number })).toHaveCount(0)

  // The order shows the refund: status, amount, fee and who did it.
  await page.goto('/admin?section=orders')
  const orders = page.getByRole('region', { name: 'הזמנות' })
  await orders.getByLabel('חיפוש לפי מספר הזמנה, שם, טלפון או דוא״ל').fill(number)
  const orderRow = orders.getByRole('row').filter({ hasText: number })
  await expect(orderRow.getByText('הוחזרה חלקית')).toBeVisible(slow)
  await orderRow.getByRole('button', { name: `פרטי ההזמנה ${number}` }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name: 'החזר כספי' })).toBeVisible(slow)
  await expect(dialog.getByText(/^החזר .* ₪, דמי ביטול .* ₪$/)).toBeVisible()
  await expect(dialog.getByText(ADMIN.email).first()).toBeVisible()
})

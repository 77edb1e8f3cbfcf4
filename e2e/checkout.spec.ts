import { expect, test, waitForApp } from './support/test'
import {
  APPROVED_CARD,
  DECLINED_CARD,
  fillCart,
  fillCustomer,
  goToPayment,
  payWith,
  shekels,
} from './support/checkout'

test('a visitor checks out, pays with the approved sandbox card and sees the real total', async ({
  page,
  request,
}) => {
  const { total } = await fillCart(page, request)
  await page.goto('/checkout')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('סיום הזמנה')
  const summary = page.getByRole('region', { name: 'סיכום הזמנה' })
  await expect(summary.getByText(shekels(total))).toBeVisible()

  const form = await fillCustomer(page, '050-123')
  await form.getByRole('button', { name: 'מעבר לתשלום' }).click()
  await expect(form.getByText('מספר הטלפון חייב להכיל לפחות 10 תווים')).toBeVisible()
  await expect(form.getByLabel('טלפון', { exact: true })).toBeFocused()

  // Any phone of ten characters will do until the owner asks for a mobile (decision 253);
  // what is no phone at all has its own message.
  await form.getByLabel('טלפון', { exact: true }).fill('not a phone')
  await form.getByRole('button', { name: 'מעבר לתשלום' }).click()
  await expect(form.getByText('נא להזין מספר טלפון תקין, לפחות 9 ספרות')).toBeVisible()
  await form.getByLabel('טלפון', { exact: true }).fill('+972-50-123 4567')
  await form.getByLabel(/^כניסה/).fill('ב')
  await form.getByLabel(/^קומה/).fill('3')
  await form.getByLabel(/^דירה/).fill('12')
  const payment = await goToPayment(page)
  await expect(page.getByText('ממתינים לאישור התשלום…')).toBeVisible()
  await expect(page.getByRole('link', { name: 'פתיחת דף התשלום' })).toBeVisible()

  await payment.waitForLoadState()
  await expect(payment.getByText(shekels(total)).first()).toBeVisible()
  await payWith(payment, APPROVED_CARD)

  await expect(payment).toHaveURL(/\/thank-you\?.*transaction_uid=/)
  await expect(payment.getByRole('heading', { level: 1 })).toHaveText('תודה על ההזמנה!')
  await expect(payment.getByText('noa.checkout@example.com')).toBeVisible()
  await expect(payment.getByText('נועה כהן')).toBeVisible()
  // The brand's proper name from PayPlus's id and name, read right to left before the digits.
  const card = payment.getByText('כרטיס', { exact: true }).locator('xpath=following-sibling::dd[1]')
  await expect(card).toHaveText('Visa המסתיים ב־0000')
  const brandBox = await card.getByText('Visa', { exact: true }).boundingBox()
  const digitsBox = await card.getByText('0000', { exact: true }).boundingBox()
  expect(brandBox!.x).toBeGreaterThan(digitsBox!.x)
  const totals = payment.locator('dl').filter({ hasText: 'סה״כ לתשלום' })
  await expect(totals.getByText(shekels(total))).toBeVisible()

  // The tab that started the checkout follows the order and confirms it too.
  await expect(page).toHaveURL(/\/thank-you\?more_info=/, { timeout: 15_000 })
  await expect(page.getByText('התשלום התקבל. פרטי ההזמנה המלאים נשלחו אליכם בדוא״ל.')).toBeVisible()

  await payment.getByRole('link', { name: 'המשך קניות' }).click()
  await expect(payment).toHaveURL(/\/products$/)
  const stored = await payment.evaluate(() => JSON.parse(localStorage.getItem('cart-storage') ?? '{}'))
  expect(stored.state.lines).toEqual([])
})

test('a declined card ends on the payment-pending page, which offers the same payment page again', async ({
  page,
  request,
}) => {
  await fillCart(page, request)
  await page.goto('/checkout')
  await fillCustomer(page, '050-7654321')
  const payment = await goToPayment(page)
  await payment.waitForLoadState()
  await payWith(payment, DECLINED_CARD)

  await expect(payment).toHaveURL(/\/checkout\/payment-pending\?order=[0-9a-f-]+&failed=1/)
  await expect(payment.getByText('התשלום לא הושלם')).toBeVisible()
  // A decline ends the attempt, not the order: its page takes another card while it is open.
  await expect(payment.getByRole('link', { name: 'חזרה לדף התשלום' })).toBeVisible()
  await expect(payment.getByText('הפריטים שמורים עבורך ודף התשלום פתוח עוד')).toBeVisible()
  // Nothing was bought: the cart is still there to try again.
  const stored = await payment.evaluate(() => JSON.parse(localStorage.getItem('cart-storage') ?? '{}'))
  expect(stored.state.lines).toHaveLength(2)
  // The tab that started the checkout learns it from the order's status.
  await expect(page.getByText('התשלום לא הושלם')).toBeVisible({ timeout: 15_000 })
})

test('the form survives a reload and a declined card, and "לנסות שוב" goes back to the same order', async ({
  page,
  request,
}) => {
  await fillCart(page, request)
  await page.goto('/checkout')
  await fillCustomer(page, '050-2223344', 'kept.form@example.com')
  await page.reload()
  const form = page.getByRole('region', { name: 'פרטי המשלוח' })
  await expect(form.getByLabel('שם פרטי')).toHaveValue('נועה')
  await expect(form.getByLabel('דוא״ל')).toHaveValue('kept.form@example.com')
  await expect(form.getByLabel('טלפון', { exact: true })).toHaveValue('050-2223344')
  await expect(form.getByLabel('רחוב')).toHaveValue('הרצל')
  await expect(form.getByLabel('עיר')).toHaveValue('חיפה')

  const payment = await goToPayment(page)
  await payment.waitForLoadState()
  const pageOfOrder = payment.url()
  const number = (await page.getByText(/^TV-\d+$/).textContent())!
  await payWith(payment, DECLINED_CARD)
  await expect(payment).toHaveURL(/\/checkout\/payment-pending\?order=[0-9a-f-]+&failed=1/)
  await waitForApp(payment)
  await payment.getByRole('link', { name: 'לנסות שוב' }).click()
  await expect(payment).toHaveURL(/\/checkout$/)
  const again = payment.getByRole('region', { name: 'פרטי המשלוח' })
  await expect(again.getByLabel('שם פרטי')).toHaveValue('נועה')
  await expect(again.getByLabel('דוא״ל')).toHaveValue('kept.form@example.com')
  await expect(again.getByLabel('מספר בית')).toHaveValue('12')

  // Sent unchanged, it is the same order and the same payment page, not a second order.
  const reopened = await goToPayment(payment)
  await expect(payment.getByText(number, { exact: true })).toBeVisible()
  await reopened.waitForLoadState()
  expect(reopened.url()).toBe(pageOfOrder)
  await payWith(reopened, APPROVED_CARD)
  await expect(reopened.getByRole('heading', { level: 1 })).toHaveText('תודה על ההזמנה!')
  await expect(reopened.getByText(number, { exact: true })).toBeVisible()
  // Paid: the details are no longer kept on this device.
  await expect.poll(() => reopened.evaluate(() => localStorage.getItem('checkout-form'))).toBeNull()
})

test('the checkout summary lists what it could not load, in Hebrew (spec §8)', async ({ page, request }) => {
  const { lines } = await fillCart(page, request)
  // A product removed from the shop since it was put in the cart.
  const gone = { ...lines[0]!, itemId: '00000000-0000-4000-8000-000000000000' }
  await page.evaluate(
    (cartLines) =>
      localStorage.setItem('cart-storage', JSON.stringify({ state: { lines: cartLines }, version: 0 })),
    [...lines, gone],
  )
  await page.goto('/checkout')
  const alert = page.getByRole('region', { name: 'סיכום הזמנה' }).getByRole('alert')
  await expect(alert.getByText('לא הצלחנו לטעון את סיכום ההזמנה.')).toBeVisible()
  await expect(alert.getByRole('listitem')).toHaveText(['הפריט לא נמצא. ייתכן שנמחק.'])
  await expect(alert.getByRole('button', { name: 'לנסות שוב' })).toBeVisible()
})

import { expect, test, type APIRequestContext, type Page } from '@playwright/test'

type Line = { itemId: string; itemType: 'Product'; size: string; quantity: number; price: number }

/** Two real catalogue products, written into the persisted cart the way the cart store keeps it. */
async function fillCart(page: Page, request: APIRequestContext): Promise<{ lines: Line[]; total: number }> {
  const products = await (await request.get('/api/products?limit=2')).json()
  const config = await (await request.get('/api/config')).json()
  const lines: Line[] = products.data.items
    .slice(0, 2)
    .map(
      (
        product: { _id: string; pricing: Array<{ size: { sizeName: string }; price: number }> },
        index: number,
      ) => ({
        itemId: product._id,
        itemType: 'Product',
        size: product.pricing[0]!.size.sizeName,
        quantity: index + 1,
        price: product.pricing[0]!.price,
      }),
    )
  const totalAgorot =
    lines.reduce((sum, line) => sum + Math.round(line.price * 100) * line.quantity, 0) +
    Math.round(config.data.shippingFee * 100)
  await page.goto('/about')
  await page.evaluate((cartLines) => {
    localStorage.setItem('cart-storage', JSON.stringify({ state: { lines: cartLines }, version: 0 }))
  }, lines)
  return { lines, total: totalAgorot / 100 }
}

const shekels = (amount: number) =>
  `₪${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

async function fillCustomer(page: Page, phone: string) {
  const form = page.getByRole('region', { name: 'פרטי המשלוח' })
  await form.getByLabel('שם פרטי').fill('נועה')
  await form.getByLabel('שם משפחה').fill('כהן')
  await form.getByLabel('דוא״ל').fill('noa.checkout@example.com')
  await form.getByLabel('טלפון נייד').fill(phone)
  await form.getByLabel('רחוב').fill('הרצל')
  await form.getByLabel('מספר בית').fill('12')
  await form.getByLabel('עיר').fill('חיפה')
  return form
}

/** Submits the checkout and returns the payment tab it opens in the same browser context. */
async function goToPayment(page: Page) {
  const form = page.getByRole('region', { name: 'פרטי המשלוח' })
  const tab = page.context().waitForEvent('page')
  await form.getByRole('button', { name: 'מעבר לתשלום' }).click()
  const payment = await tab
  await expect(page).toHaveURL(/\/checkout\/payment-pending$/)
  return payment
}

async function payWith(payment: Page, cardNumber: string) {
  const nextYear = String(new Date().getFullYear() + 2)
  await payment.getByLabel('מספר כרטיס').fill(cardNumber)
  await payment.getByLabel('שם בעל הכרטיס').fill('נועה כהן')
  await payment.getByLabel('תעודת זהות של בעל הכרטיס').fill('000000018')
  await payment.getByLabel('חודש').fill('12')
  await payment.getByLabel('שנה').fill(nextYear)
  await payment.getByLabel('CVV').fill('123')
  await payment.getByRole('button', { name: /תשלום/ }).click()
}

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
  await expect(form.getByText('מספר הנייד חייב להכיל לפחות 10 תווים')).toBeVisible()
  await expect(form.getByLabel('טלפון נייד')).toBeFocused()

  await form.getByLabel('טלפון נייד').fill('050-1234567')
  const payment = await goToPayment(page)
  await expect(page.getByText('ממתינים לאישור התשלום…')).toBeVisible()
  await expect(page.getByRole('link', { name: 'פתיחת דף התשלום' })).toBeVisible()

  await payment.waitForLoadState()
  await expect(payment.getByText(shekels(total)).first()).toBeVisible()
  await payWith(payment, '4580000000000000')

  await expect(payment).toHaveURL(/\/thank-you\?.*transaction_uid=/)
  await expect(payment.getByRole('heading', { level: 1 })).toHaveText('תודה על ההזמנה!')
  await expect(payment.getByText('noa.checkout@example.com')).toBeVisible()
  await expect(payment.getByText('נועה כהן')).toBeVisible()
  await expect(payment.getByText('•••• 0000')).toBeVisible()
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

test('a declined card ends on the payment-pending page, which says the payment failed', async ({
  page,
  request,
}) => {
  await fillCart(page, request)
  await page.goto('/checkout')
  await fillCustomer(page, '050-7654321')
  const payment = await goToPayment(page)
  await payment.waitForLoadState()
  await payWith(payment, '4000000000000002')

  await expect(payment).toHaveURL(/\/checkout\/payment-pending\?order=[0-9a-f-]+&failed=1/)
  await expect(payment.getByText('התשלום לא הושלם')).toBeVisible()
  await expect(payment.getByRole('link', { name: 'לנסות שוב' })).toBeVisible()
  // Nothing was bought: the cart is still there to try again.
  const stored = await payment.evaluate(() => JSON.parse(localStorage.getItem('cart-storage') ?? '{}'))
  expect(stored.state.lines).toHaveLength(2)
  // The tab that started the checkout learns it from the order's status.
  await expect(page.getByText('התשלום לא הושלם')).toBeVisible({ timeout: 15_000 })
})

import { expect, type APIRequestContext, type Page } from '@playwright/test'

type StockedProduct = {
  _id: string
  name: string
  pricing: Array<{ size: { sizeName: string }; price: number; stock?: number | null }>
}
type Line = { itemId: string; itemType: 'Product'; size: string; quantity: number; price: number }

/** The sandbox's test cards (README, "Payments with PayPlus"). */
export const APPROVED_CARD = '4580000000000000'
export const DECLINED_CARD = '4000000000000002'

/** Two real catalogue products, written into the persisted cart the way the cart store keeps it. */
export async function fillCart(
  page: Page,
  request: APIRequestContext,
): Promise<{ lines: Line[]; total: number }> {
  // Sizes another spec sold out (stock.spec.ts) are skipped: only the delivery journey, which
  // runs after all the others, would meet them. So are the products other specs make and then
  // delete (admin.spec.ts, stock.spec.ts: their names end in six digits): newest first, they
  // were picked and gone by checkout ("פריט לא נמצא").
  const products = await (await request.get('/api/products?limit=20')).json()
  const config = await (await request.get('/api/config')).json()
  const lines: Line[] = products.data.items
    .filter((product: StockedProduct) => !/\d{6}$/.test(product.name))
    .filter((product: StockedProduct) => (product.pricing[0]!.stock ?? 2) >= 2)
    .slice(0, 2)
    .map((product: StockedProduct, index: number) => ({
      itemId: product._id,
      itemType: 'Product',
      size: product.pricing[0]!.size.sizeName,
      quantity: index + 1,
      price: product.pricing[0]!.price,
    }))
  const totalAgorot =
    lines.reduce((sum, line) => sum + Math.round(line.price * 100) * line.quantity, 0) +
    Math.round(config.data.shippingFee * 100)
  await page.goto('/about')
  await page.evaluate((cartLines) => {
    localStorage.setItem('cart-storage', JSON.stringify({ state: { lines: cartLines }, version: 0 }))
  }, lines)
  return { lines, total: totalAgorot / 100 }
}

/** The shop's one price form (decision 130), written here independently of the app: "1,234.50 ₪". */
export const shekels = (amount: number) =>
  `${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ₪`

/** Fills the checkout's delivery form (on /checkout) and returns it. */
export async function fillCustomer(page: Page, phone: string, email = 'noa.checkout@example.com') {
  const form = page.getByRole('region', { name: 'פרטי המשלוח' })
  await form.getByLabel('שם פרטי').fill('נועה')
  await form.getByLabel('שם משפחה').fill('כהן')
  await form.getByLabel('דוא״ל').fill(email)
  await form.getByLabel('טלפון', { exact: true }).fill(phone)
  await form.getByLabel('רחוב').fill('הרצל')
  await form.getByLabel('מספר בית').fill('12')
  await form.getByLabel('עיר').fill('חיפה')
  return form
}

/** Submits the checkout and returns the payment tab it opens in the same browser context. */
export async function goToPayment(page: Page): Promise<Page> {
  const form = page.getByRole('region', { name: 'פרטי המשלוח' })
  const tab = page.context().waitForEvent('page')
  await form.getByRole('button', { name: 'מעבר לתשלום' }).click()
  const payment = await tab
  await expect(page).toHaveURL(/\/checkout\/payment-pending$/)
  return payment
}

/** Fills the sandbox's hosted card page and pays. */
export async function payWith(payment: Page, cardNumber: string): Promise<void> {
  const nextYear = String(new Date().getFullYear() + 2)
  await payment.getByLabel('מספר כרטיס').fill(cardNumber)
  await payment.getByLabel('שם בעל הכרטיס').fill('נועה כהן')
  await payment.getByLabel('תעודת זהות של בעל הכרטיס').fill('000000018')
  await payment.getByLabel('חודש').fill('12')
  await payment.getByLabel('שנה').fill(nextYear)
  await payment.getByLabel('CVV').fill('123')
  // The card form's own button ("תשלום 123.40 ₪"), not Bit's ("תשלום ב־Bit") when the owner offers it.
  await payment.getByRole('button', { name: /^תשלום (?!ב־)/ }).click()
}

/**
 * A visitor buys two catalogue products with the approved card, through the real
 * checkout and the sandbox's payment page, and reaches the thank-you page: the order
 * is paid. Closes the payment tab.
 */
export async function placePaidOrder(page: Page, request: APIRequestContext, email: string): Promise<void> {
  await fillCart(page, request)
  await page.goto('/checkout')
  await fillCustomer(page, '050-1234567', email)
  const payment = await goToPayment(page)
  await payment.waitForLoadState()
  await payWith(payment, APPROVED_CARD)
  await expect(payment.getByRole('heading', { level: 1 })).toHaveText('תודה על ההזמנה!')
  await expect(payment.getByText(email)).toBeVisible()
  await payment.close()
}

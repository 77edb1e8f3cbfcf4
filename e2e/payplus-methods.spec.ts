import type { Page } from '@playwright/test'
import { expect, test, waitForApp } from './support/test'
import { ADMIN } from './support/accounts'
import { ADMIN_LINK, signIn } from './support/sign-in'
import { APPROVED_CARD, fillCart, fillCustomer, goToPayment, payWith } from './support/checkout'

/**
 * PayPlus's ways of paying and of coming back (issue 32): Bit, which the owner offers in
 * Admin → פרטי העסק and the payer approves in the app, and the card page's return by POST
 * (the e2e server's sandbox returns by POST, playwright.config.ts). Both land on the shop's
 * real thank-you page with the order.
 */

/** Ticks or clears Bit among the owner's payment methods and saves them. */
async function offerBit(page: Page, offered: boolean): Promise<void> {
  await page.goto('/admin?section=settings')
  const form = page.getByRole('form', { name: 'אמצעי תשלום ותשלומים' })
  await form.getByRole('checkbox', { name: 'Bit' }).setChecked(offered)
  await form.getByRole('button', { name: 'שמירת אמצעי התשלום' }).click()
  await expect(page.getByText('אמצעי התשלום נשמרו. הם יוצעו מההזמנה הבאה.')).toBeVisible()
}

/** A visitor's checkout up to PayPlus's page, opened in its own tab. */
async function checkOut(page: Page, request: Parameters<typeof fillCart>[1], email: string) {
  await fillCart(page, request)
  await page.goto('/checkout')
  await fillCustomer(page, '050-2345678', email)
  const payment = await goToPayment(page)
  await payment.waitForLoadState()
  return payment
}

async function expectThankYou(payment: Page, email: string): Promise<void> {
  await expect(payment).toHaveURL(/\/thank-you\?more_info=[0-9a-f-]+&transaction_uid=/)
  await waitForApp(payment)
  await expect(payment.getByRole('heading', { level: 1 })).toHaveText('תודה על ההזמנה!')
  await expect(payment.getByText(email)).toBeVisible()
}

test('a shopper pays by Bit, which the owner offers, and lands on the thank-you page', async ({
  page,
  request,
}) => {
  await page.goto('/')
  await signIn(page, ADMIN)
  await page.getByRole('banner').getByRole('link', { name: ADMIN_LINK }).click()
  await expect(page.getByRole('region', { name: 'מוצרים' })).toBeVisible()
  await offerBit(page, true)
  try {
    const email = `bit.${Date.now()}@example.com`
    const payment = await checkOut(page, request, email)
    await payment.getByRole('button', { name: 'תשלום ב־Bit' }).click()
    await expect(payment.getByRole('heading', { name: 'אשרו את התשלום באפליקציית Bit' })).toBeVisible()
    // The payer approves in the app; the Bit page looks again until then.
    await expect(payment).toHaveURL(/\/thank-you\?/, { timeout: 30_000 })
    await expectThankYou(payment, email)
    await payment.close()
  } finally {
    // Cards only again, as every other spec expects.
    await offerBit(page, false)
  }
})

test('a card payment returned by POST lands on the thank-you page at a clean address', async ({
  page,
  request,
}) => {
  const email = `post.return.${Date.now()}@example.com`
  const payment = await checkOut(page, request, email)
  const returned = payment.waitForRequest(
    (sent) => sent.method() === 'POST' && new URL(sent.url()).pathname === '/thank-you',
  )
  await payWith(payment, APPROVED_CARD)
  // PayPlus's parameters came in the POST's body; the page's address carries only the order's.
  const post = await returned
  expect(post.postData()).toContain('four_digits')
  await expectThankYou(payment, email)
  await expect(payment.getByText('נועה כהן')).toBeVisible()
  expect(new URL(payment.url()).searchParams.has('four_digits')).toBe(false)
})

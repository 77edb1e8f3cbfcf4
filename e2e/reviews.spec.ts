import AxeBuilder from '@axe-core/playwright'
import type { APIRequestContext, Page } from '@playwright/test'
import { ADMIN } from './support/accounts'
import { placePaidOrder } from './support/checkout'
import { linkFromMail } from './support/mail'
import { signIn } from './support/sign-in'
import { expect, test } from './support/test'

// Reviews from verified buyers (issue 36): the e-mail after delivery, a review with a photo
// through its single-use link, the owner's approval and reply, the stars on the card and in
// the product page's JSON-LD.

/** The signed-in admin's access token, as the admin area holds it. */
async function adminToken(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate(() => {
    for (let index = 0; index < sessionStorage.length; index++) {
      const key = sessionStorage.key(index) ?? ''
      if (key.startsWith('oidc.user:'))
        return (JSON.parse(sessionStorage.getItem(key)!) as { access_token: string }).access_token
    }
    throw new Error('not signed in')
  })
  return { authorization: `Bearer ${token}` }
}

/** The owner marks the buyer's order delivered, step by step, as the orders screen would. */
async function deliver(request: APIRequestContext, headers: Record<string, string>, email: string) {
  const orders = await (
    await request.get(`/api/orders?search=${encodeURIComponent(email)}`, { headers })
  ).json()
  const [order] = orders.data.items as Array<{ _id: string }>
  for (const orderStatus of ['preparing', 'shipped', 'delivered']) {
    const moved = await request.patch(`/api/orders/${order!._id}`, { headers, data: { orderStatus } })
    expect(moved.status()).toBe(200)
  }
}

test('a buyer reviews from the e-mail with a photo; once approved, the stars show on the card and in the JSON-LD', async ({
  page,
  request,
  browser,
}) => {
  const email = `reviewer.${Date.now()}@example.com`
  await placePaidOrder(page, request, email)

  await page.goto('/')
  await signIn(page, ADMIN)
  const admin = await adminToken(page)
  // The e-mail goes on the day of delivery, for this run (the job looks every 2 s here).
  const settings = { isEnabled: true, requestAfterDays: 0 }
  expect(
    (await request.put('/api/admin/reviews/settings', { headers: admin, data: settings })).status(),
  ).toBe(200)
  await deliver(request, admin, email)

  // The buyer, a guest, opens the first item's link from the mail folder.
  const link = await linkFromMail(email, '/review#')
  const token = new URL(link).hash.slice(1)
  const item = (await (await request.post('/api/reviews/link/preview', { data: { token } })).json()).data
  const guest = await browser.newContext()
  const buyer = await guest.newPage()
  await buyer.goto(link)
  await expect(buyer.getByRole('heading', { name: `חוות דעת על: ${item.name}` })).toBeVisible()
  await buyer.getByLabel('5 כוכבים').check()
  await buyer.getByLabel('מה דעתכם?').fill('התבלין הגיע טרי וריחני, ממליצה בחום!')
  await buyer.getByLabel(/^תמונה/).setInputFiles('docs/mail/cancellation-approved-360.png')
  await expect(buyer.getByRole('button', { name: 'הסרת התמונה' })).toBeVisible()
  const { violations } = await new AxeBuilder({ page: buyer }).analyze()
  expect(violations.map((violation) => violation.id)).toEqual([])
  // The same form on a phone in the dark theme: the colours and the layout at 390 px.
  await buyer.getByRole('button', { name: 'מעבר למצב כהה' }).click()
  await expect(buyer.locator('html')).toHaveClass(/dark/)
  await buyer.setViewportSize({ width: 390, height: 844 })
  const dark = await new AxeBuilder({ page: buyer }).analyze()
  expect(dark.violations.map((violation) => violation.id)).toEqual([])
  await buyer.getByRole('button', { name: 'שליחת חוות הדעת' }).click()
  await expect(buyer.getByRole('status').filter({ hasText: 'תודה!' })).toBeVisible()
  // The link works once.
  await buyer.reload()
  await expect(buyer.getByRole('alert')).toHaveText('כבר כתבתם חוות דעת בקישור הזה. תודה!')
  await guest.close()

  // The owner approves it, then answers in public.
  await page.goto('/admin?section=reviews')
  const waiting = page.getByRole('listitem').filter({ hasText: 'התבלין הגיע טרי וריחני' })
  await waiting.getByRole('button', { name: 'אישור ופרסום' }).click()
  await expect(waiting).toHaveCount(0)
  await page.getByLabel('פורסמו').check()
  const published = page.getByRole('listitem').filter({ hasText: 'התבלין הגיע טרי וריחני' })
  await published.getByLabel('תגובה פומבית של החנות').fill('תודה רבה! שמחים שנהניתם.')
  const replied = page.waitForResponse((response) => response.url().endsWith('/reply'))
  await published.getByRole('button', { name: 'שמירת התגובה' }).click()
  expect((await replied).status()).toBe(200)

  // The product page: the review, verified, with the reply; its card: the stars.
  await page.goto(`/products/${item.itemId}/info`)
  const reviews = page.getByRole('region', { name: 'חוות דעת של קונים' })
  await expect(reviews.getByText('קנייה מאומתת')).toBeVisible()
  await expect(reviews.getByText('תודה רבה! שמחים שנהניתם.')).toBeVisible()
  await expect(reviews.getByText('נועה כ.')).toBeVisible()
  await page.goto(`/products?filter=${encodeURIComponent(item.name)}`)
  const card = page.getByRole('article').filter({ hasText: item.name }).first()
  await expect(card.getByText('דירוג 5.0 מתוך 5 כוכבים, חוות דעת אחת')).toBeAttached()

  // What search engines read, before any script runs.
  const html = await (
    await request.get(`/products/${item.itemId}/info`, { headers: { accept: 'text/html' } })
  ).text()
  const jsonLd = JSON.parse(
    /<script[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!,
  )
  expect(jsonLd.aggregateRating).toMatchObject({ ratingValue: '5.0', reviewCount: 1 })
  expect(jsonLd.review[0]).toMatchObject({
    author: { name: 'נועה כ.' },
    reviewBody: expect.stringContaining('טרי'),
  })

  await request.put('/api/admin/reviews/settings', {
    headers: admin,
    data: { isEnabled: true, requestAfterDays: 7 },
  })
})

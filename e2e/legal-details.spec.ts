import { expect, test } from '@playwright/test'

// Issue 18: the business's details are in the footer of every page, rendered by the
// server with the page, and the legal pages are linked from it.
test('every footer shows the business details and links the accessibility statement', async ({ page }) => {
  for (const address of ['/', '/products', '/terms']) {
    await page.goto(address)
    const footer = page.getByRole('contentinfo')
    const details = footer.locator('address')
    await expect(details).toContainText('ח.פ./ע.מ. 516179157')
    // "תל אביב‑יפו" with a non-breaking hyphen: it never wraps at the hyphen (issue 35).
    await expect(details).toContainText('רחוב השוק 1, תל אביב\u2011יפו')
    await expect(footer.getByRole('link', { name: 'הצהרת נגישות' })).toHaveAttribute('href', '/accessibility')
    await expect(footer.getByRole('link', { name: 'ביטול עסקה' })).toHaveAttribute('href', '/cancel-order')
  }
  await page.getByRole('contentinfo').getByRole('link', { name: 'הצהרת נגישות' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'הצהרת נגישות' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'פנייה לרכז/ת הנגישות' })).toBeVisible()
})

test('the server sends the footer details in the first HTML, before any script runs', async ({ request }) => {
  const html = await (await request.get('/accessibility')).text()
  expect(html).toContain('516179157')
  expect(html).toContain('ת&quot;י 5568')
})

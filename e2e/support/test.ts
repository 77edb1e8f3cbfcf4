import { test as base, expect, type Page } from '@playwright/test'

/**
 * The browser tests' `test`: its `page` waits, after each navigation to one of the shop's
 * pages, until the app has hydrated or rendered it (`<html data-app-ready>`, src/main.tsx).
 * The server's markup is on screen first; a tap before then is answered only once the app
 * has hydrated (decision 266), so the tests wait as a visitor would for the page to respond.
 * Other documents (the sign-in and payment pages, the API) are not waited on.
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (!javaScriptEnabled) return use(page)
    for (const method of ['goto', 'reload', 'goBack', 'goForward'] as const) {
      const navigate = page[method].bind(page) as (...args: unknown[]) => ReturnType<Page['reload']>
      Object.assign(page, {
        [method]: async (...args: unknown[]) => {
          const response = await navigate(...args)
          await waitForApp(page)
          return response
        },
      })
    }
    await use(page)
  },
})

export { expect }

/**
 * Waits for the app on a page of the shop (one that lists the app's scripts), or for the page
 * to have left for another document meanwhile (/account sends a signed-out shopper on to the
 * sign-in page: waiting for the shop's app there would wait for ever).
 */
export async function waitForApp(page: Page): Promise<void> {
  if ((await page.locator('#app-scripts').count()) === 0) return
  await page
    .locator('html[data-app-ready], html:not(:has(#app-scripts))')
    .first()
    .waitFor({ state: 'attached' })
}

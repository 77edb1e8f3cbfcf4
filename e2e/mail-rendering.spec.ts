import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { mailSamples } from './support/mail-samples'

// Issue 41: every shopper's mail as mail programs show it — at a phone's 360 px and the
// usual 600 px, in light and dark schemes: nothing wider than the screen, the button and the
// tracking link there and pointing where they should. The HTML is the server's templates'
// own, set into the page as a mail program does with a message.
const WIDTHS = [360, 600] as const
const SCHEMES = ['light', 'dark'] as const
/** Screenshots for docs/mail/ when asked for (MAIL_SCREENSHOTS=1): 600 px, light and dark. */
const SHOTS = process.env.MAIL_SCREENSHOTS ? path.resolve('docs/mail') : null

test('every shopper mail fits 360 and 600 px in light and dark, its button and links working', async ({
  page,
  baseURL,
}) => {
  const samples = mailSamples(baseURL!)
  expect(samples.map((sample) => sample.name)).toHaveLength(8)
  if (SHOTS) fs.mkdirSync(SHOTS, { recursive: true })
  for (const sample of samples) {
    for (const width of WIDTHS) {
      for (const scheme of SCHEMES) {
        await page.setViewportSize({ width, height: 900 })
        await page.emulateMedia({ colorScheme: scheme })
        await page.setContent(sample.html)
        const where = `${sample.name} at ${width} px, ${scheme}`
        // Every picture came from the image pipeline and was shown, 56 px square.
        await page.waitForLoadState('load')
        const pictures = await page.locator('img').evaluateAll((images) =>
          images.map((image) => ({
            loaded: (image as HTMLImageElement).naturalWidth > 0,
            width: image.clientWidth,
          })),
        )
        expect(pictures, where).toEqual([
          { loaded: true, width: 56 },
          { loaded: true, width: 56 },
        ])
        // Nothing sticks out sideways: the page scrolls down only.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
        expect(overflow, where).toBeLessThanOrEqual(0)
        const button = page.locator('a.tv-button')
        await expect(button, where).toBeVisible()
        expect(await button.getAttribute('href'), where).toMatch(
          /^https:\/\/tavlin\.example\/checkout\/payment-pending\?order=/,
        )
        const box = (await button.boundingBox())!
        expect(box.x, where).toBeGreaterThanOrEqual(0)
        expect(box.x + box.width, where).toBeLessThanOrEqual(width)
        // A dark scheme turns the card dark and keeps the text light on it.
        const colours = await page
          .locator('.tv-card')
          .first()
          .evaluate((card) => {
            const style = getComputedStyle(card)
            return { background: style.backgroundColor, text: style.color }
          })
        // …and the button's words stay dark on its light terracotta, light on the dark one.
        const buttonText = await button.evaluate((link) => getComputedStyle(link).color)
        if (scheme === 'dark') {
          expect(colours.background, where).toBe('rgb(42, 31, 24)')
          expect(buttonText, where).toBe('rgb(38, 20, 11)')
        } else {
          expect(colours.background, where).toBe('rgb(255, 253, 249)')
          expect(buttonText, where).toBe('rgb(255, 250, 243)')
        }
        if (SHOTS && width === 600)
          await page.screenshot({ path: path.join(SHOTS, `${sample.name}-${scheme}.png`), fullPage: true })
        if (SHOTS && width === 360 && scheme === 'light')
          await page.screenshot({ path: path.join(SHOTS, `${sample.name}-360.png`), fullPage: true })
      }
    }
  }
  // The shipped mail's tracking link goes to the courier's page, named after the courier.
  const shipped = samples.find((sample) => sample.name === 'shipped')!
  await page.setContent(shipped.html)
  const tracking = page.getByRole('link', { name: 'למעקב אחרי המשלוח באתר דואר ישראל' })
  await expect(tracking).toBeVisible()
  expect(await tracking.getAttribute('href')).toBe(
    'https://mypost.israelpost.co.il/itemtrace?itemcode=RR123456789IL',
  )
  // Clicking the button opens the order's page (stopped at the network: no shop at that address).
  await page.route('https://tavlin.example/**', (route) =>
    route.fulfill({ body: '<h1>ההזמנה</h1>', contentType: 'text/html' }),
  )
  await page.locator('a.tv-button').click()
  await expect(page).toHaveURL(/checkout\/payment-pending\?order=/)
})

import type { APIRequestContext, Page } from '@playwright/test'
import { englishWordsIn } from '../packages/contracts/src/common/english-words'
import { expect, test } from './support/test'
import { ADMIN } from './support/accounts'
import { ADMIN_SECTIONS } from './support/admin-sections'
import { fillCart } from './support/checkout'
import { signIn } from './support/sign-in'

// Issue 35: "(package)", "Notifications Alt+T", "dd/mm/yyyy" were left on screens. Every
// storefront page and admin section, once each, in one sign-in: what a visitor reads and what
// a screen reader says (aria-label, placeholder, title) has no English word. The e-mails, the
// packing slip and the orders file are checked below the browser (orders-hebrew.routes.test.ts,
// orders-packing.test.tsx).

/**
 * Latin-letter names a screen may show besides LATIN_NAMES: file formats (the upload field's
 * images, the CSV exports, the legal pages' Markdown and HTML) and the accessibility standard
 * (WCAG 2.0 AA, by name in ת"י 5568). The legal pages' editor also shows codes, taken out
 * before looking: placeholders ({{legalName}}) and a link's address in its example ((/terms)); and
 * the couriers' form names the `{number}` an owner types into a tracking address (issue 41).
 */
const NAMES = ['PNG', 'JPG', 'JPEG', 'GIF', 'WebP', 'CSV', 'Markdown', 'HTML', 'WCAG', 'AA']
const CODES = /\{\{\w+\}\}|\{number\}|\(\/[\w/-]*\)/g

/** What the page shows and says: its text, and the labels, placeholders and titles of its elements. */
function shownText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts = [document.title, document.body.innerText]
    for (const element of document.querySelectorAll('[aria-label], [placeholder], [title]')) {
      for (const name of ['aria-label', 'placeholder', 'title']) parts.push(element.getAttribute(name) ?? '')
    }
    return parts.join('\n')
  })
}

/** The page is filled in: its heading shows, its lazy sections are in, nothing is loading. */
async function settle(page: Page): Promise<void> {
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1 }).first()).toBeVisible()
  // Sections that render when they scroll near: walk down the page once, then back up.
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo({ top: y, behavior: 'instant' })
      await new Promise((resolve) => requestAnimationFrame(resolve))
    }
    window.scrollTo({ top: 0, behavior: 'instant' })
  })
  await page.waitForLoadState('networkidle')
  await expect(main.getByRole('status', { name: 'טוען…' })).toHaveCount(0)
}

async function demoId(request: APIRequestContext, list: string, name: string): Promise<string> {
  const body = await (await request.get(`/api/${list}?limit=1&filter=${encodeURIComponent(name)}`)).json()
  return body.data.items[0]._id as string
}

test('no storefront page or admin section shows an English word or "dd/mm/yyyy"', async ({
  page,
  request,
}) => {
  test.setTimeout(600_000)
  const found: string[] = []
  const check = async (address: string) => {
    await page.goto(address)
    await settle(page)
    const words = englishWordsIn((await shownText(page)).replace(CODES, ' '), NAMES)
    if (words.length > 0) found.push(`${address}: ${[...new Set(words)].join(', ')}`)
  }

  const product = await demoId(request, 'products', 'פפריקה מתוקה')
  const recipe = await demoId(request, 'recipes', 'דורו ווט')
  const pack = await demoId(request, 'packages', 'מארז דורו ווט חגיגי')
  for (const address of [
    '/',
    '/products',
    `/products/${product}/info`,
    '/recipes',
    `/recipes/${recipe}`,
    '/packages',
    `/packages/${pack}/info`,
    '/about',
    '/events',
    '/contact',
    '/terms',
    '/privacy',
    '/shipping',
    '/accessibility',
    '/cancel-order',
  ]) {
    await check(address)
  }
  // Checkout with something in the cart: the form, the delivery choice and the disclosure.
  await fillCart(page, request)
  await check('/checkout')

  await signIn(page, ADMIN)
  for (const section of ADMIN_SECTIONS) await check(`/admin?section=${section}`)
  expect(found).toEqual([])
})

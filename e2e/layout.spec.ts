import type { Locator, Page } from '@playwright/test'
import { expect, test } from './support/test'
import { ADMIN } from './support/accounts'
import { fillCart, fillCustomer, goToPayment, placePaidOrder } from './support/checkout'
import { signIn } from './support/sign-in'
import { ADMIN_LIST_SECTIONS, ADMIN_SECTIONS } from './support/admin-sections'

const PHONE = { width: 390, height: 844 }
const LAPTOP = { width: 1280, height: 800 }

/**
 * What a visitor would have to scroll sideways to see: the page itself, or any box inside
 * `root` that hides part of its content to the side (a table's scroll box, a clipped cell).
 * Screen-reader-only text, text fields (their text scrolls by design) and one-pixel boxes aside.
 */
async function hiddenToTheSide(page: Page, root: Locator): Promise<string[]> {
  const page_ = await page.evaluate(() => {
    const doc = document.documentElement
    return doc.scrollWidth > doc.clientWidth ? [`the page: ${doc.scrollWidth} > ${doc.clientWidth}`] : []
  })
  const boxes = await root.evaluate((node) =>
    [node, ...node.querySelectorAll('*')]
      .filter((element) => {
        if (element.matches('input, select, textarea, .sr-only')) return false
        if (element.clientWidth <= 1) return false
        if (getComputedStyle(element).overflowX === 'visible') return false
        return element.scrollWidth > element.clientWidth + 1
      })
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className}: ${element.scrollWidth} > ${element.clientWidth}`,
      ),
  )
  return [...page_, ...boxes]
}

test('no admin section hides anything to the side, on a phone or a laptop, nor the order drawer', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000)
  const email = `layout.${Date.now()}@example.com`
  await placePaidOrder(page, request, email)
  await page.setViewportSize(LAPTOP)
  await page.goto('/')
  await signIn(page, ADMIN)

  for (const viewport of [PHONE, LAPTOP]) {
    await page.setViewportSize(viewport)
    for (const section of ADMIN_SECTIONS) {
      await page.goto(`/admin?section=${section}`)
      const main = page.getByRole('main')
      await expect(main.getByRole('heading', { level: 1 })).toBeVisible()
      // The section has loaded before measuring: a list shows a row (or its "nothing yet"
      // line); the dashboard, the forms and the inboxes have finished their reads.
      if (ADMIN_LIST_SECTIONS.has(section)) await expect(main.getByRole('row').nth(1)).toBeVisible()
      else await page.waitForLoadState('networkidle')
      expect(await hiddenToTheSide(page, main), `${section} at ${viewport.width} px`).toEqual([])
    }

    // Every amount of an order, ₪ signs included, inside the drawer.
    await page.goto('/admin?section=orders')
    const orders = page.getByRole('main')
    await orders.getByLabel('חיפוש לפי מספר הזמנה, שם, טלפון או דוא״ל').fill(email)
    // Other tests' orders are listed too until the search has narrowed the list to this one.
    const details = orders.getByRole('button', { name: /^פרטי ההזמנה / })
    await expect(details).toHaveCount(1)
    await details.click()
    const drawer = page.getByRole('dialog', { name: /^הזמנה / })
    await expect(drawer.getByText(email)).toBeVisible()
    expect(await hiddenToTheSide(page, drawer), `order drawer at ${viewport.width} px`).toEqual([])
    const box = (await drawer.boundingBox())!
    for (const cell of await drawer.getByRole('cell').all()) {
      const rect = (await cell.boundingBox())!
      expect(rect.x, `a cell of the order at ${viewport.width} px`).toBeGreaterThanOrEqual(box.x - 1)
      expect(rect.x + rect.width).toBeLessThanOrEqual(box.x + box.width + 1)
    }
    await drawer.getByRole('button', { name: 'סגירה' }).click()
  }
})

test('the sandbox card page fits a phone: nothing wider than the screen, no label cut off', async ({
  page,
  request,
}) => {
  await fillCart(page, request)
  await page.goto('/checkout')
  await fillCustomer(page, '050-1234567')
  const payment = await goToPayment(page)
  await payment.setViewportSize(PHONE)
  await payment.waitForLoadState()
  // With every error showing, the page is at its widest.
  await payment.getByRole('button', { name: /^תשלום/ }).click()
  await expect(payment.getByText('מספר הכרטיס אינו תקין')).toBeVisible()
  expect(await hiddenToTheSide(payment, payment.locator('body'))).toEqual([])
  for (const label of await payment.locator('label, legend').all()) {
    const rect = (await label.boundingBox())!
    expect(rect.x, await label.innerText()).toBeGreaterThanOrEqual(0)
    expect(rect.x + rect.width, await label.innerText()).toBeLessThanOrEqual(PHONE.width)
  }
  await expect(payment.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg')
})

test('the mobile menu is full width wherever it is used, a tablet too (spec §2)', async ({ page }) => {
  await page.goto('/about')
  // Below 1024 px the header's links move into the menu: a phone, a small and a large tablet.
  for (const width of [390, 700, 1000]) {
    await page.setViewportSize({ width, height: 800 })
    await page.getByRole('button', { name: 'פתיחת התפריט' }).click()
    const menu = page.getByRole('dialog', { name: 'תפריט' })
    await expect(menu).toBeVisible()
    // The panel slides in: measure once it has arrived.
    await expect.poll(async () => (await menu.boundingBox())?.x, { message: `${width} px` }).toBe(0)
    expect((await menu.boundingBox())?.width, `${width} px`).toBe(width)
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
  }
})

test.describe('on a phone', () => {
  test.use({ viewport: PHONE })

  test('the search fields show their whole hint', async ({ page }) => {
    for (const path of ['/products', '/recipes']) {
      await page.goto(path)
      const field = page.getByRole('main').getByRole('searchbox')
      const fits = await field.evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input)
        const context = document.createElement('canvas').getContext('2d')!
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
        return { text: context.measureText(input.placeholder).width, room }
      })
      expect(fits.text, path).toBeLessThanOrEqual(fits.room)
    }
  })

  test('the cart badge reads "99+", the plus after the digits', async ({ page }) => {
    await page.goto('/about')
    await page.evaluate(() =>
      localStorage.setItem(
        'cart-storage',
        JSON.stringify({
          state: {
            lines: [{ itemId: 'x', itemType: 'Product', size: '100 גרם', quantity: 120, price: 1 }],
          },
          version: 0,
        }),
      ),
    )
    await page.reload()
    const badge = page.getByRole('banner').getByText('99+')
    await expect(badge).toBeVisible()
    // Where each character is drawn: in a right-to-left page "+" would jump to the left of the digits.
    const [digit, plus] = await badge.evaluate((element) => {
      const text = element.firstChild!
      const at = (index: number) => {
        const range = document.createRange()
        range.setStart(text, index)
        range.setEnd(text, index + 1)
        return range.getBoundingClientRect().left
      }
      return [at(0), at(2)]
    })
    expect(plus).toBeGreaterThan(digit!)
  })
})

import { expect, test } from './support/test'
import { ADMIN } from './support/accounts'
import { fillCart, fillCustomer, goToPayment, placePaidOrder } from './support/checkout'
import { signIn } from './support/sign-in'
import { hiddenToTheSide } from './support/screen-checks'

const PHONE = { width: 390, height: 844 }
const LAPTOP = { width: 1280, height: 800 }

// Every admin section is measured at both widths in the axe walks (accessibility.spec.ts).
test('the order drawer hides nothing to the side, on a phone or a laptop', async ({ page, request }) => {
  test.setTimeout(240_000)
  const email = `layout.${Date.now()}@example.com`
  await placePaidOrder(page, request, email)
  await page.setViewportSize(LAPTOP)
  await page.goto('/')
  await signIn(page, ADMIN)

  for (const viewport of [PHONE, LAPTOP]) {
    await page.setViewportSize(viewport)
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

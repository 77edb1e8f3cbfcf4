import type { Locator, Page } from '@playwright/test'
import { expect, test } from './support/test'
import { scrollToSection } from './support/home'

/**
 * Keyboard and motion, as a visitor without a mouse (or who asked for less motion)
 * meets the shop: focus order, dialogs that hold and give back focus, the hero's
 * rotation, and form errors that reach a screen reader.
 */

const cartButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /סל הקניות/ })
const heroImage = (page: Page) => page.getByRole('img', { name: 'שולחן ערוך במנות ותבלינים' })

/** Presses Tab `times` times and checks after each press that focus is still inside `container`. */
async function expectTabStaysIn(page: Page, container: Locator, times: number) {
  for (let press = 0; press < times; press++) {
    await page.keyboard.press(press % 3 === 2 ? 'Shift+Tab' : 'Tab')
    await expect(container.locator(':focus')).toHaveCount(1)
  }
}

async function focusedBox(page: Page) {
  return page.evaluate(() => {
    const box = document.activeElement?.getBoundingClientRect()
    return box ? { left: box.left, right: box.right, top: box.top } : null
  })
}

test('Tab moves through the header from right to left, the reading order of Hebrew', async ({ page }) => {
  await page.goto('/about')
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible()
  await page.keyboard.press('Tab')
  // The skip link comes first and leads to the content.
  await expect(page.getByRole('link', { name: 'דילוג לתוכן הראשי' })).toBeFocused()

  const boxes = []
  for (let press = 0; press < 8; press++) {
    await page.keyboard.press('Tab')
    const box = await focusedBox(page)
    if (box && box.top < 80) boxes.push(box)
  }
  expect(boxes.length).toBeGreaterThan(4)
  for (let i = 1; i < boxes.length; i++) expect(boxes[i]!.right).toBeLessThanOrEqual(boxes[i - 1]!.left + 1)
})

test('the cart drawer holds focus while open and gives it back to the cart button', async ({ page }) => {
  await page.goto('/about')
  await cartButton(page).focus()
  await page.keyboard.press('Enter')
  const drawer = page.getByRole('dialog', { name: 'סל הקניות' })
  await expect(drawer).toBeVisible()
  await expect(drawer.locator(':focus')).toHaveCount(1)
  await expectTabStaysIn(page, drawer, 8)
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()
  await expect(cartButton(page)).toBeFocused()
})

test('the purchase popup and the early-adopters dialog hold focus and give it back', async ({ page }) => {
  await page.goto('/products?filter=פפריקה')
  await page.getByRole('main').getByRole('link', { name: 'פפריקה מתוקה' }).click()
  const buy = page.getByRole('main').getByRole('button', { name: 'לקנייה' })
  await buy.focus()
  await page.keyboard.press('Enter')
  const purchase = page.getByRole('dialog')
  await expect(purchase).toBeVisible()
  await expectTabStaysIn(page, purchase, 10)
  await page.keyboard.press('Escape')
  await expect(purchase).toBeHidden()
  await expect(buy).toBeFocused()

  await page.goto('/')
  // The banner loads as it comes near (decision 096), as it would for a visitor tabbing down.
  const banner = await scrollToSection(page.getByRole('main'), 'הצטרפו למאמצים המוקדמים')
  const join = banner.getByRole('button', { name: 'להצטרפות' })
  await join.focus()
  await page.keyboard.press('Enter')
  const signUp = page.getByRole('dialog')
  await expect(signUp).toBeVisible()
  await expectTabStaysIn(page, signUp, 8)
  await page.keyboard.press('Escape')
  await expect(signUp).toBeHidden()
  await expect(join).toBeFocused()
})

test('the mobile menu holds focus and gives it back to its button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 })
  await page.goto('/about')
  const open = page.getByRole('button', { name: 'פתיחת התפריט' })
  await open.focus()
  await page.keyboard.press('Enter')
  const menu = page.getByRole('dialog', { name: 'תפריט' })
  await expect(menu).toBeVisible()
  await expectTabStaysIn(page, menu, 12)
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expect(open).toBeFocused()
})

test.describe('the hero rotation', () => {
  test('moves every 5 seconds, and stops with its button', async ({ page }) => {
    await page.clock.install()
    await page.goto('/')
    const first = await heroImage(page).getAttribute('src')
    await page.clock.runFor(5_100)
    await expect(heroImage(page)).not.toHaveAttribute('src', first ?? '')

    await page.getByRole('button', { name: 'עצירת החלפת התמונות' }).click()
    await page.mouse.move(0, 700)
    const stopped = await heroImage(page).getAttribute('src')
    await page.clock.runFor(20_000)
    await expect(heroImage(page)).toHaveAttribute('src', stopped ?? '')
    await page.getByRole('button', { name: 'הפעלת החלפת התמונות' }).click()
    await page.mouse.move(0, 700)
    await page.clock.runFor(5_100)
    await expect(heroImage(page)).not.toHaveAttribute('src', stopped ?? '')
  })

  test.describe('for a visitor who prefers reduced motion', () => {
    test.use({ reducedMotion: 'reduce' })

    test('does not move at all', async ({ page }) => {
      await page.clock.install()
      await page.goto('/')
      const first = await heroImage(page).getAttribute('src')
      await page.clock.runFor(20_000)
      await expect(heroImage(page)).toHaveAttribute('src', first ?? '')
      await expect(page.getByRole('button', { name: 'הפעלת החלפת התמונות' })).toBeVisible()
    })
  })
})

test('a form sent with mistakes moves focus to the first one, which describes its error', async ({
  page,
}) => {
  await page.goto('/contact')
  const form = page.getByRole('main')
  await form.getByRole('button', { name: 'שליחת ההודעה' }).click()
  const name = form.getByLabel('שם', { exact: true })
  await expect(name).toBeFocused()
  await expect(name).toHaveAttribute('aria-invalid', 'true')
  await expect(name).toHaveAccessibleDescription(/.+/)
  await expect(form.getByLabel('דוא״ל', { exact: true })).toHaveAttribute('aria-invalid', 'true')
})

// `node scripts/screenshots.mjs [--out screenshots] [--only admin|shop]`: a full-page screenshot of
// every storefront and admin page at 390 px (touch) and 1280 px, in the light and dark themes,
// against the production build with the demo catalogue (expects `npm run build`). For a person
// to look at after a change to the layout (issue 35's walk); it checks nothing itself.
/* global window, document -- the functions given to page.evaluate run in the page */
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from '@playwright/test'
import { CHROMIUM_FLAGS, CHROMIUM_PATH, startProductionServer } from './support/production-server.mjs'

const { values: args } = parseArgs({
  options: { out: { type: 'string', default: 'screenshots' }, only: { type: 'string' } },
})
const ADMIN = { email: 'admin@example.com', password: 'screenshots-admin-1' }
const WIDTHS = [
  { name: '390', viewport: { width: 390, height: 844 }, hasTouch: true },
  { name: '1280', viewport: { width: 1280, height: 800 }, hasTouch: false },
]
const THEMES = ['light', 'dark']
const ADMIN_SECTIONS = [
  'dashboard',
  'products',
  'recipes',
  'packages',
  'orders',
  'cancellations',
  'coupons',
  'delivery',
  'stock',
  'add-product',
  'add-recipe',
  'add-package',
  'submissions',
  'activity',
  'settings',
  'legal-pages',
  'privacy',
]

const outDir = path.resolve(args.out)
fs.mkdirSync(outDir, { recursive: true })
const server = await startServer()
let browser
try {
  const first = async (resource) =>
    (await (await fetch(`${server.base}/api/${resource}?page=1&limit=1`)).json()).data.items[0]._id
  const shopPages = [
    ['home', '/'],
    ['products', '/products'],
    ['products-empty', '/products?filter=zzzz'],
    ['product', `/products/${await first('products')}/info`],
    ['packages', '/packages'],
    ['package', `/packages/${await first('packages')}/info`],
    ['recipes', '/recipes'],
    ['recipe', `/recipes/${await first('recipes')}`],
    ['events', '/events'],
    ['about', '/about'],
    ['contact', '/contact'],
    ['privacy', '/privacy'],
    ['terms', '/terms'],
    ['accessibility', '/accessibility'],
    ['shipping', '/shipping'],
    ['checkout-empty', '/checkout'],
    ['thank-you', '/thank-you'],
    ['cancel-order', '/cancel-order'],
    ['unsubscribe', '/unsubscribe'],
    ['confirm', '/confirm'],
    ['not-found', '/no-such-page'],
    ['admin-signed-out', '/admin'],
  ]
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
  for (const theme of THEMES) {
    for (const width of WIDTHS) {
      const context = await browser.newContext({
        baseURL: server.base,
        locale: 'he-IL',
        timezoneId: 'Asia/Jerusalem',
        viewport: width.viewport,
        hasTouch: width.hasTouch,
        colorScheme: theme,
      })
      await context.addInitScript((value) => {
        localStorage.setItem('theme', JSON.stringify({ state: { theme: value }, version: 0 }))
      }, theme)
      const page = await context.newPage()
      const shot = (name) => capture(page, path.join(outDir, `${name}-${width.name}-${theme}.png`))
      if (args.only !== 'admin') {
        for (const [name, url] of shopPages) await visit(page, url).then(() => shot(name))
        await addToCartAndCheckout(page, shopPages[3][1])
        await shot('checkout-with-cart')
      }
      if (args.only !== 'shop') {
        await signInAsAdmin(page, width.hasTouch)
        await visit(page, '/account').then(() => shot('account'))
        for (const section of ADMIN_SECTIONS)
          await visit(page, `/admin?section=${section}`).then(() => shot(`admin-${section}`))
      }
      await context.close()
      console.log(`done: ${theme} ${width.name}`)
    }
  }
} finally {
  await browser?.close()
  await server.stop()
}

async function visit(page, url) {
  await page.goto(url)
  await page.waitForLoadState('networkidle').catch(() => {})
  // Lazy sections and images load as they scroll into view.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo({ top: y, behavior: 'instant' })
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    window.scrollTo({ top: 0, behavior: 'instant' })
  })
  await page.waitForLoadState('networkidle').catch(() => {})
  // Sections still loading show a spinner (role=status with no text); wait them out a while.
  await page
    .waitForFunction(
      () => ![...document.querySelectorAll('[role=status]')].some((el) => el.textContent === ''),
      null,
      {
        timeout: 8000,
      },
    )
    .catch(() => {})
  await page.waitForTimeout(600)
}

async function capture(page, file) {
  await page.screenshot({ path: file, fullPage: true })
}

async function addToCartAndCheckout(page, productUrl) {
  await visit(page, productUrl)
  await page.getByRole('main').getByRole('button', { name: 'לקנייה' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'הוספה לסל' }).click()
  await visit(page, '/checkout')
}

async function signInAsAdmin(page, isTouch) {
  await visit(page, '/admin')
  const button = page.getByRole('main').getByRole('button', { name: 'כניסה לניהול החנות' })
  const form = isTouch
    ? page
    : await Promise.all([page.waitForEvent('popup'), button.click()]).then(([p]) => p)
  if (isTouch) await button.click()
  await form.getByLabel('דוא״ל').fill(ADMIN.email)
  await form.getByLabel('סיסמה').fill(ADMIN.password)
  await form.getByRole('button', { name: 'כניסה', exact: true }).click()
  await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor()
}

function startServer() {
  return startProductionServer({
    name: 'screenshots',
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
  })
}

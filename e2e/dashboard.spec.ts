import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './support/test'
import { ADMIN } from './support/accounts'
import { ADMIN_LINK, signIn } from './support/sign-in'

/** The demo data's customers (apps/server/src/db/seed/demo-orders.ts): orders no other test touches. */
const DEMO_CUSTOMERS = 'demo-customer'

/** The part of GET /api/admin/dashboard's answer the test compares with the screen. */
type Dashboard = {
  week: { totalAgorot: number; orders: number }
  ordersToPrepare: number
  salesByDay: unknown[]
}

const adminMenu = (page: Page) => page.getByRole('navigation', { name: 'תפריט הניהול' })

/** Signs in, opens the admin area from the header, then "לוח בקרה" from its menu; returns the figures sent. */
async function openDashboard(page: Page): Promise<Dashboard> {
  await page.goto('/')
  await signIn(page, ADMIN)
  await page.getByRole('banner').getByRole('link', { name: ADMIN_LINK }).click()
  const answer = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/admin/dashboard',
  )
  await adminMenu(page).getByRole('link', { name: 'לוח בקרה' }).click()
  const body = (await (await answer).json()) as { data: Dashboard }
  await expect(page.getByRole('list', { name: 'נתוני החנות' })).toBeVisible()
  return body.data
}

test('the owner reads the dashboard, follows "orders to prepare", prints their packing slips and marks them shipped', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const dashboard = await openDashboard(page)
  const figures = page.getByRole('list', { name: 'נתוני החנות' })

  // The demo data's past weeks: sales this week, orders still to pack, a full chart.
  expect(dashboard.week.totalAgorot).toBeGreaterThan(0)
  expect(dashboard.ordersToPrepare).toBeGreaterThanOrEqual(3)
  const toPrepare = figures.getByRole('link', { name: /הזמנות שממתינות להכנה/ })
  await expect(toPrepare).toContainText(String(dashboard.ordersToPrepare))
  await expect(figures.getByRole('link', { name: /מכירות השבוע/ })).toContainText(
    dashboard.week.orders === 2 ? 'שתי הזמנות' : `${dashboard.week.orders} הזמנות`,
  )
  const region = page.getByRole('region', { name: 'לוח בקרה' })
  await expect(region.getByRole('img', { name: 'מכירות ששולמו ב־30 הימים האחרונים' })).toBeVisible()
  await region.getByText('הנתונים בטבלה').first().click()
  const salesTable = region.getByRole('table', { name: 'מכירות ששולמו ב־30 הימים האחרונים' })
  await expect(salesTable.getByRole('row')).toHaveCount(dashboard.salesByDay.length + 1)

  // The card leads to the orders list, filtered as the figure was counted.
  await toPrepare.click()
  await expect(page).toHaveURL(/[?&]section=orders&status=paid$/)
  const orders = page.getByRole('region', { name: 'הזמנות' })
  await expect(orders.getByLabel('סינון לפי סטטוס')).toHaveValue('paid')
  await orders.getByLabel('חיפוש לפי מספר הזמנה, שם, טלפון או דוא״ל').fill(DEMO_CUSTOMERS)
  await expect(page).toHaveURL(/search=demo-customer/)
  const table = orders.getByRole('table', { name: 'הזמנות' })
  const rows = table.getByRole('row').filter({ has: page.getByRole('checkbox') })
  await expect(rows).toHaveCount(3)
  await expect(rows.filter({ hasText: 'שולמה' })).toHaveCount(3)
  const numbers = await table.getByRole('rowheader').allTextContents()
  for (const number of numbers) await orders.getByRole('checkbox', { name: `בחירת הזמנה ${number}` }).check()
  await expect(orders.getByRole('group', { name: 'פעולות על ההזמנות שנבחרו' })).toContainText(
    'נבחרו 3 הזמנות',
  )

  // One RTL packing slip per order: number, QR code, customer and the items to pack.
  await orders.getByRole('button', { name: 'הדפסת תעודות משלוח' }).click()
  const slips = page.getByRole('region', { name: 'תעודות משלוח ל־3 הזמנות' })
  await expect(slips).toHaveAttribute('dir', 'rtl')
  await expect(slips.getByRole('article')).toHaveCount(3)
  for (const number of numbers) {
    const slip = slips.getByRole('article', { name: `תעודת משלוח להזמנה ${number}` })
    await expect(slip.getByRole('heading', { name: number })).toBeVisible()
    await expect(slip.getByRole('img', { name: number })).toBeVisible()
    await expect(slip).toContainText('משלוח עד הבית')
    await expect(slip.getByRole('table', { name: 'פריטים להכנה' }).getByRole('row').nth(1)).toContainText(
      /(גרם|ק״ג|מ״ל)\d/,
    )
    expect(await slip.evaluate((node) => getComputedStyle(node).direction)).toBe('rtl')
  }
  await slips.getByRole('button', { name: 'סגירה' }).click()
  await expect(slips).toHaveCount(0)

  // Marked shipped in one step: they leave the list of paid orders.
  await orders.getByRole('button', { name: 'סימון כנשלח' }).click()
  await expect(page.getByText('3 הזמנות סומנו כנשלחו')).toBeVisible()
  await expect(table.getByText('לא נמצאו הזמנות')).toBeVisible()
  await orders.getByLabel('סינון לפי סטטוס').selectOption('shipped')
  await orders.getByLabel('חיפוש לפי מספר הזמנה, שם, טלפון או דוא״ל').fill(numbers[0]!)
  await expect(table.getByRole('rowheader', { name: numbers[0]! })).toBeVisible()
  await expect(table.getByRole('row').nth(1)).toContainText('נשלחה')
})

for (const theme of ['light', 'dark'] as const) {
  test(`the dashboard has no axe violations in the ${theme} theme`, async ({ page }) => {
    await page.addInitScript((value) => {
      localStorage.setItem('theme', JSON.stringify({ state: { theme: value }, version: 0 }))
    }, theme)
    await openDashboard(page)
    await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/)
    const region = page.getByRole('region', { name: 'לוח בקרה' })
    // With every chart's table open too.
    for (const summary of await region.getByText('הנתונים בטבלה').all()) await summary.click()
    await expect(region.getByRole('table')).toHaveCount(3)
    await page.waitForLoadState('networkidle')
    const { violations } = await new AxeBuilder({ page }).analyze()
    expect(
      violations.flatMap((violation) =>
        violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`),
      ),
    ).toEqual([])
  })
}

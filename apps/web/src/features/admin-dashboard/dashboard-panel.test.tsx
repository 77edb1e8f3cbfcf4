import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Dashboard } from '@tavlin/contracts'
import { fail, fakeApi, ok } from '../../testing/fake-admin-api'
import { renderWithProviders } from '../../testing/render'
import { expectShopPrices } from '../../testing/price-format'
import { DashboardPanel } from './dashboard-panel'

afterEach(() => vi.restoreAllMocks())

/** A Saturday morning in March (UTC+2): today began at 22:00 UTC, the week on Sunday. */
function makeDashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    generatedAt: '2026-03-14T08:30:00.000Z',
    timeZone: 'Asia/Jerusalem',
    today: {
      from: '2026-03-13T22:00:00.000Z',
      totalAgorot: 15470,
      orders: 2,
      previousTotalAgorot: 10000,
      previousOrders: 1,
      changePercent: 55,
    },
    week: {
      from: '2026-03-07T22:00:00.000Z',
      totalAgorot: 123450,
      orders: 9,
      previousTotalAgorot: 0,
      previousOrders: 0,
      changePercent: null,
    },
    ordersToPrepare: 3,
    ordersLate: 1,
    submissionsToAnswer: 4,
    cancellationsToDecide: 2,
    lowStock: { count: 0, threshold: 5, tracked: 0 },
    stockAlerts: { total: 0, items: [] },
    cartReminders: { enabled: false, days: 30, sent: 0, ordersFollowed: 0, followedTotalAgorot: 0 },
    salesByDay: [
      { day: '2026-03-13', totalAgorot: 8990, orders: 1 },
      { day: '2026-03-14', totalAgorot: 15470, orders: 2 },
    ],
    ordersByStatus: [
      { status: 'paid', orders: 3 },
      { status: 'shipped', orders: 5 },
    ],
    topProducts: {
      days: 30,
      items: [{ itemId: 'p1', name: 'ברברה', revenueAgorot: 4980, quantity: 2 }],
    },
    ...overrides,
  }
}

function chartTable(name: string) {
  const table = screen.getByRole('table', { name })
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [within(row).getByRole('rowheader').textContent, within(row).getByRole('cell').textContent])
}

describe('dashboard panel', () => {
  it('shows the figures in Hebrew, each a link to the list it counts', async () => {
    fakeApi({ 'GET /api/admin/dashboard': () => ok(makeDashboard()) })
    renderWithProviders(<DashboardPanel />)
    const figures = await screen.findByRole('list', { name: 'נתוני החנות' })
    expect(screen.getByText('נכון לשעה 10:30')).toBeInTheDocument()

    const today = within(figures).getByRole('link', { name: /מכירות היום/ })
    expect(today).toHaveTextContent('154.70 ₪')
    expect(today).toHaveTextContent('שתי הזמנות · ▲ עלייה של 55% לעומת אתמול באותה שעה (100.00 ₪)')
    expect(today).toHaveAttribute('href', '/admin?section=orders&from=2026-03-14&to=2026-03-14')

    const week = within(figures).getByRole('link', { name: /מכירות השבוע/ })
    expect(week).toHaveTextContent('1,234.50 ₪')
    expect(week).toHaveTextContent('9 הזמנות · בשבוע שעבר עד רגע זה לא נמכר דבר')
    expect(week).toHaveAttribute('href', '/admin?section=orders&from=2026-03-08')

    const toPrepare = within(figures).getByRole('link', { name: /הזמנות שממתינות להכנה/ })
    expect(toPrepare).toHaveTextContent(/3$/)
    expect(toPrepare).toHaveAttribute('href', '/admin?section=orders&status=paid')
    const late = within(figures).getByRole('link', { name: /שולמו ולא נשלחו יותר מיומיים/ })
    expect(late).toHaveTextContent(/1$/)
    expect(late).toHaveAttribute('href', '/admin?section=orders&late=true')
    const toAnswer = within(figures).getByRole('link', { name: /פניות שממתינות למענה/ })
    expect(toAnswer).toHaveTextContent(/4$/)
    expect(toAnswer).toHaveAttribute('href', '/admin?section=submissions')
    const toDecide = screen.getByRole('link', { name: /הודעות ביטול שממתינות להחלטה/ })
    expect(toDecide).toHaveTextContent('2')
    expect(toDecide).toHaveAttribute('href', '/admin?section=cancellations')
    expect(within(figures).getAllByRole('link')).toHaveLength(6)
    expect(expectShopPrices(figures)).toEqual(['154.70 ₪', '100.00 ₪', '1,234.50 ₪'])

    // The sales axis is in shekels, not the agorot the figures are kept in (issue 35).
    const sales = screen.getByRole('img', { name: 'מכירות ששולמו ב־30 הימים האחרונים' })
    expect(within(sales).getByText('150 ₪')).toBeInTheDocument()
    expect(within(sales).queryByText(/15,000|15000/)).toBeNull()
  })

  it('counts the sizes and packages low on stock, a link to the low-stock view (issue 19)', async () => {
    fakeApi({
      'GET /api/admin/dashboard': () =>
        ok(makeDashboard({ lowStock: { count: 2, threshold: 5, tracked: 7 } })),
    })
    renderWithProviders(<DashboardPanel />)
    const low = await screen.findByRole('link', { name: /פריטים במלאי נמוך/ })
    expect(low).toHaveTextContent('2')
    expect(low).toHaveTextContent('עד 5 יחידות')
    expect(low).toHaveAttribute('href', '/admin?section=stock')
  })

  it('shows no stock card while the shop tracks no stock', async () => {
    fakeApi({ 'GET /api/admin/dashboard': () => ok(makeDashboard()) })
    renderWithProviders(<DashboardPanel />)
    await screen.findByRole('list', { name: 'נתוני החנות' })
    expect(screen.queryByRole('link', { name: /פריטים במלאי נמוך/ })).not.toBeInTheDocument()
  })

  it('counts the shoppers waiting for sold-out sizes (decision 277) and the cart reminders that paid off (issue 36)', async () => {
    const size = { itemType: 'Product', itemId: 'p-1', name: 'ברברה', size: '100 גרם', stock: 0 } as const
    fakeApi({
      'GET /api/admin/dashboard': () =>
        ok(
          makeDashboard({
            stockAlerts: {
              total: 5,
              items: [
                { ...size, waiting: 4 },
                { ...size, size: '1 ק״ג', waiting: 1 },
              ],
            },
            cartReminders: {
              enabled: true,
              days: 30,
              sent: 7,
              ordersFollowed: 2,
              followedTotalAgorot: 25980,
            },
          }),
        ),
    })
    renderWithProviders(<DashboardPanel />)
    const waiting = await screen.findByRole('link', { name: /ממתינים לפריטים שאזלו/ })
    expect(waiting).toHaveTextContent('5')
    expect(waiting).toHaveTextContent('בשני גדלים · ברברה (100 גרם): 4')
    expect(waiting).toHaveAttribute('href', '/admin?section=stock')
    const card = screen.getByRole('link', { name: /תזכורות על סל שננטש ב־30 הימים האחרונים/ })
    expect(card).toHaveTextContent('7')
    expect(card).toHaveTextContent('שתי הזמנות שולמו אחריהן')
    expect(card).toHaveTextContent('259.80 ₪')
    expect(card).toHaveAttribute('href', '/admin?section=settings')
  })

  it('shows no cart reminders card while they are off and none was sent', async () => {
    fakeApi({ 'GET /api/admin/dashboard': () => ok(makeDashboard()) })
    renderWithProviders(<DashboardPanel />)
    await screen.findByRole('list', { name: 'נתוני החנות' })
    expect(screen.queryByRole('link', { name: /סל שננטש/ })).not.toBeInTheDocument()
  })

  it('says a fall in sales as a fall', async () => {
    const dashboard = makeDashboard()
    fakeApi({
      'GET /api/admin/dashboard': () =>
        ok({ ...dashboard, today: { ...dashboard.today, previousTotalAgorot: 20000, changePercent: -23 } }),
    })
    renderWithProviders(<DashboardPanel />)
    const today = await screen.findByRole('link', { name: /מכירות היום/ })
    expect(today).toHaveTextContent('▼ ירידה של 23% לעומת אתמול באותה שעה (200.00 ₪)')
  })

  it('gives every chart a table of its figures, and asks again for another period', async () => {
    const api = fakeApi({
      'GET /api/admin/dashboard': ({ query }) =>
        ok(
          query.get('topDays') === '7'
            ? makeDashboard({ topProducts: { days: 7, items: [] } })
            : makeDashboard(),
        ),
    })
    const { user } = renderWithProviders(<DashboardPanel />)
    await screen.findByRole('list', { name: 'נתוני החנות' })
    expect(api.calls[0]?.query.get('topDays')).toBe('30')
    expect(screen.getByRole('img', { name: 'מכירות ששולמו ב־30 הימים האחרונים' })).toBeInTheDocument()
    expect(screen.getAllByText('הנתונים בטבלה')).toHaveLength(3)

    expect(chartTable('מכירות ששולמו ב־30 הימים האחרונים')).toEqual([
      ['13.3', '89.90 ₪'],
      ['14.3', '154.70 ₪'],
    ])
    expect(chartTable('הזמנות לפי סטטוס')).toEqual([
      ['שולמה', '3'],
      ['נשלחה', '5'],
    ])
    expect(chartTable('הנמכרים ביותר לפי הכנסה ב־30 הימים האחרונים')).toEqual([['ברברה', '49.80 ₪']])

    await user.selectOptions(screen.getByLabelText('תקופה'), '7')
    expect(await screen.findByText('לא נמכר דבר בתקופה זו.')).toBeInTheDocument()
    await waitFor(() => expect(api.calls.at(-1)?.query.get('topDays')).toBe('7'))
  })

  it('says a failed load in Hebrew', async () => {
    fakeApi({ 'GET /api/admin/dashboard': () => fail(403, 'FORBIDDEN', 'Administrator role required') })
    renderWithProviders(<DashboardPanel />)
    expect(await screen.findByRole('alert')).toHaveTextContent('טעינת הרשימה נכשלה: אין לך הרשאה לפעולה הזו.')
  })
})

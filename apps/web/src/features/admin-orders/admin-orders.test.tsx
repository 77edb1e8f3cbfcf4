import { screen, waitFor, within } from '@testing-library/react'
import { expectLabelsInNames } from '../../testing/label-in-name'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ORDER_STATUSES, nextStatuses, type AdminOrder } from '@tavlin/contracts'
import { makeErasedOrder, makeOrder } from '../../testing/admin-data'
import { fail, fakeApi, ok, page } from '../../testing/fake-admin-api'
import { renderWithProviders } from '../../testing/render'
import { expectShopPrices } from '../../testing/price-format'
import { OrdersTable } from './orders-table'

afterEach(() => vi.restoreAllMocks())

const HEBREW_STATUS: Record<AdminOrder['orderStatus'], string> = {
  pending_payment: 'ממתינה לתשלום',
  paid: 'שולמה',
  preparing: 'בהכנה',
  shipped: 'נשלחה',
  delivered: 'נמסרה',
  failed: 'נכשלה',
  cancelled: 'בוטלה',
  refunded: 'הוחזרה',
  partially_refunded: 'הוחזרה חלקית',
}

describe('orders table', () => {
  it('says a failed load in Hebrew, not the server text', async () => {
    fakeApi({ 'GET /api/orders': () => fail(403, 'FORBIDDEN', 'Administrator role required') })
    renderWithProviders(<OrdersTable />)
    expect(await screen.findByRole('alert')).toHaveTextContent('טעינת הרשימה נכשלה: אין לך הרשאה לפעולה הזו.')
    expect(screen.queryByText(/Administrator role required/)).not.toBeInTheDocument()
  })

  it('shows the spec columns, 10 a page, and filters by status and search', async () => {
    const api = fakeApi({ 'GET /api/orders': () => page([makeOrder()], 1, 3) })
    const { user } = renderWithProviders(<OrdersTable />)
    const table = await screen.findByRole('table', { name: 'הזמנות' })
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell')
    expect(within(table).getByRole('rowheader', { name: 'TV-1001' })).toBeInTheDocument()
    // Spec §2: the index first, then the order number (the row's header), then the spec's columns.
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent)
        .slice(0, 2),
    ).toEqual(['#', 'מספר הזמנה'])
    expect(cells.map((cell) => cell.textContent)).toEqual([
      '1',
      'נועה',
      'ברברה, מארז אינג׳רה',
      'שולמה',
      '154.70 ₪',
      '14 במרץ',
      'פרטי ההזמנה',
      '',
    ])
    expect(api.calls[0]?.query.get('limit')).toBe('10')

    await user.selectOptions(screen.getByLabelText('סינון לפי סטטוס'), 'shipped')
    await user.type(screen.getByLabelText('חיפוש לפי מספר הזמנה, שם, טלפון או דוא״ל'), 'noa@')
    // Requests are spaced 100 ms apart, so the final one may come a little after the typing.
    await waitFor(
      () =>
        expect(
          api.calls.some(
            (call) => call.query.get('status') === 'shipped' && call.query.get('search') === 'noa@',
          ),
        ).toBe(true),
      { timeout: 3000 },
    )
  })

  it('opens an order with customer, items, totals, payment and history, then moves it along an allowed transition', async () => {
    let order = makeOrder()
    const api = fakeApi({
      'GET /api/orders': () => page([order]),
      [`GET /api/orders/${order._id}`]: () => ok(order),
      [`PATCH /api/orders/${order._id}`]: ({ body }) => {
        order = makeOrder({ orderStatus: (body as { orderStatus: AdminOrder['orderStatus'] }).orderStatus })
        return ok(order)
      },
    })
    const { user } = renderWithProviders(<OrdersTable />)
    // Named as it reads ("פרטי ההזמנה"), with the number after it (WCAG 2.5.3).
    const details = await screen.findByRole('button', { name: 'פרטי ההזמנה TV-1001' })
    expect(details).toHaveTextContent('פרטי ההזמנה')
    expectLabelsInNames()
    await user.click(details)
    const dialog = await screen.findByRole('dialog', { name: 'הזמנה TV-1001' })

    expect(within(dialog).getByText('noa@example.com')).toBeInTheDocument()
    expect(within(dialog).getByText('יפו 97, ירושלים 9434001')).toBeInTheDocument()
    expect(within(dialog).getByRole('rowheader', { name: 'ברברה' })).toBeInTheDocument()
    expect(within(dialog).getByText('139.70 ₪')).toBeInTheDocument()
    expect(expectShopPrices(dialog).length).toBeGreaterThanOrEqual(6)
    expect(within(dialog).getByText('מתוכו מע״מ (18%)')).toBeInTheDocument()
    expect(within(dialog).getByText('כרטיס', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'Visa המסתיים ב־4242',
    )
    expect(within(dialog).getByText('*****6789')).toBeInTheDocument()
    expect(within(dialog).getByText('ממתינה לתשלום')).toBeInTheDocument()

    const select = within(dialog).getByLabelText('סטטוס חדש')
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
      // Refunded only through a refund that gives the money back (decision 241), never picked here.
    ).toEqual(['בחירת סטטוס', 'בהכנה'])
    await user.selectOptions(select, 'preparing')
    await user.click(within(dialog).getByRole('button', { name: 'עדכון הסטטוס' }))

    expect(await screen.findByText('סטטוס ההזמנה עודכן ל"בהכנה"')).toBeInTheDocument()
    expect(api.callsTo(`PATCH /api/orders/${order._id}`)[0]?.body).toEqual({ orderStatus: 'preparing' })
    // The table refreshes and the dialog now offers the next step only.
    await waitFor(() =>
      expect(
        within(within(dialog).getByLabelText('סטטוס חדש'))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['בחירת סטטוס', 'נשלחה']),
    )
    await waitFor(() => expect(screen.getAllByText('בהכנה').length).toBeGreaterThan(0))
  })

  it('says an erased customer’s details were erased instead of showing the masked values', async () => {
    const order = makeErasedOrder()
    fakeApi({ 'GET /api/orders': () => page([order]), [`GET /api/orders/${order._id}`]: () => ok(order) })
    const { user } = renderWithProviders(<OrdersTable />)
    const table = await screen.findByRole('table', { name: 'הזמנות' })
    expect(within(within(table).getAllByRole('row')[1]!).getAllByRole('cell')[1]).toHaveTextContent(
      'פרטים נמחקו',
    )
    await user.click(screen.getByRole('button', { name: 'פרטי ההזמנה TV-1001' }))
    const dialog = await screen.findByRole('dialog', { name: 'הזמנה TV-1001' })
    expect(within(dialog).getByText(/^פרטי הלקוח נמחקו ב־20\.03\.2026, 10:00 /)).toBeInTheDocument()
    expect(within(dialog).getByText('הכתובת נמחקה עם פרטי הלקוח.')).toBeInTheDocument()
    expect(dialog).not.toHaveTextContent('@invalid')
  })

  it('warns that a deleted account’s open order loses its delivery details once it is delivered', async () => {
    const order = makeOrder({ orderStatus: 'shipped', erasureRequestedAt: '2026-03-18T08:00:00.000Z' })
    fakeApi({ 'GET /api/orders': () => page([order]), [`GET /api/orders/${order._id}`]: () => ok(order) })
    const { user } = renderWithProviders(<OrdersTable />)
    await user.click(await screen.findByRole('button', { name: 'פרטי ההזמנה TV-1001' }))
    const dialog = await screen.findByRole('dialog', { name: 'הזמנה TV-1001' })
    expect(
      await within(dialog).findByText(
        /^הלקוח מחק את חשבונו ב־18\.03\.2026, 10:00\. .*ויימחקו ברגע שהיא תסומן כנמסרה/,
      ),
    ).toBeInTheDocument()
    // The details are still there to deliver with.
    expect(within(dialog).getByText('נועה כהן')).toBeInTheDocument()
  })

  it('says nothing of an erasure to come when the customer kept their account', async () => {
    const order = makeOrder()
    fakeApi({ 'GET /api/orders': () => page([order]), [`GET /api/orders/${order._id}`]: () => ok(order) })
    const { user } = renderWithProviders(<OrdersTable />)
    await user.click(await screen.findByRole('button', { name: 'פרטי ההזמנה TV-1001' }))
    const dialog = await screen.findByRole('dialog', { name: 'הזמנה TV-1001' })
    await within(dialog).findByText('נועה כהן')
    expect(dialog).not.toHaveTextContent('מחק את חשבונו')
  })

  it('shows the entrance, floor and apartment in the order address when the customer gave them', async () => {
    const base = makeOrder()
    const order = makeOrder({
      customer: {
        ...base.customer,
        address: { ...base.customer.address, entrance: 'א', floor: '0', apartment: '4' },
      },
    })
    fakeApi({ 'GET /api/orders': () => page([order]), [`GET /api/orders/${order._id}`]: () => ok(order) })
    const { user } = renderWithProviders(<OrdersTable />)
    await user.click(await screen.findByRole('button', { name: 'פרטי ההזמנה TV-1001' }))
    const dialog = await screen.findByRole('dialog', { name: 'הזמנה TV-1001' })
    expect(within(dialog).getByText('יפו 97, כניסה א, קומה 0, דירה 4, ירושלים 9434001')).toBeInTheDocument()
  })

  it('shows the delivery method beside the totals: name – zone, and a pickup’s address', async () => {
    const home = makeOrder({
      delivery: {
        methodId: '55555555-5555-4555-8555-555555555555',
        kind: 'delivery',
        name: 'שליח עד הבית',
        zoneName: 'צפון',
        daysMin: 2,
        daysMax: 4,
        pickupAddress: null,
        openingHours: null,
      },
    })
    fakeApi({ 'GET /api/orders': () => page([home]), [`GET /api/orders/${home._id}`]: () => ok(home) })
    const { user } = renderWithProviders(<OrdersTable />)
    await user.click(await screen.findByRole('button', { name: 'פרטי ההזמנה TV-1001' }))
    const dialog = await screen.findByRole('dialog', { name: 'הזמנה TV-1001' })
    const method = within(dialog).getByText('אופן המשלוח', { selector: 'dt' }).nextElementSibling
    expect(method).toHaveTextContent('שליח עד הבית – צפון')
  })

  it('offers exactly the contracts’ next statuses for every status', async () => {
    for (const status of ORDER_STATUSES) {
      const order = makeOrder({ orderStatus: status })
      fakeApi({
        'GET /api/orders': () => page([order]),
        [`GET /api/orders/${order._id}`]: () => ok(order),
      })
      const { user, unmount } = renderWithProviders(<OrdersTable />)
      await user.click(await screen.findByRole('button', { name: 'פרטי ההזמנה TV-1001' }))
      const dialog = await screen.findByRole('dialog')
      await within(dialog).findByText('פרטי תשלום')
      const allowed = nextStatuses(status, order.statusHistory).map((next) => HEBREW_STATUS[next])
      if (allowed.length === 0) {
        expect(within(dialog).getByText('אין מעברי סטטוס אפשריים להזמנה זו')).toBeInTheDocument()
      } else {
        const options = within(within(dialog).getByLabelText('סטטוס חדש')).getAllByRole('option')
        expect(options.slice(1).map((option) => option.textContent)).toEqual(allowed)
      }
      unmount()
      vi.restoreAllMocks()
    }
  }, 30_000)

  it.each([
    [
      JSON.stringify({ code: 'amountMismatch', paid: '84.8 ILS', expected: '184.8 ILS' }),
      'דורש בדיקה: שולמו 84.8 ILS, וההזמנה על סך 184.8 ILS.',
    ],
    [
      JSON.stringify({ code: 'unknownTransaction', transaction: 'tx-9' }),
      'דורש בדיקה: ספק התשלומים אינו מכיר את העסקה tx-9 שבהודעה.',
    ],
    ['paid 84.8 ILS, order is 184.8 ILS', 'דורש בדיקה: יש לבדוק את התשלום מול ספק התשלומים.'],
  ])('says in Hebrew why an order needs review (%s)', async (reviewReason, hebrew) => {
    const order = makeOrder({ needsReview: true, reviewReason })
    fakeApi({ 'GET /api/orders': () => page([order]), [`GET /api/orders/${order._id}`]: () => ok(order) })
    const { user } = renderWithProviders(<OrdersTable />)
    await user.click(await screen.findByRole('button', { name: 'פרטי ההזמנה TV-1001' }))
    const dialog = await screen.findByRole('dialog')
    expect(await within(dialog).findByText(hebrew)).toBeInTheDocument()
  })

  it('reports a refused transition in Hebrew', async () => {
    const order = makeOrder({ orderStatus: 'shipped' })
    fakeApi({
      'GET /api/orders': () => page([order]),
      [`GET /api/orders/${order._id}`]: () => ok(order),
      [`PATCH /api/orders/${order._id}`]: () =>
        fail(409, 'INVALID_STATUS_TRANSITION', 'Order is already delivered'),
    })
    const { user } = renderWithProviders(<OrdersTable />)
    await user.click(await screen.findByRole('button', { name: 'פרטי ההזמנה TV-1001' }))
    const dialog = await screen.findByRole('dialog')
    await user.selectOptions(await within(dialog).findByLabelText('סטטוס חדש'), 'delivered')
    await user.click(within(dialog).getByRole('button', { name: 'עדכון הסטטוס' }))
    expect(
      await screen.findByText('עדכון הסטטוס נכשל: אי אפשר להעביר את ההזמנה לסטטוס הזה.'),
    ).toBeInTheDocument()
    expect(screen.queryByText(/Order is already delivered/)).not.toBeInTheDocument()
  })
})

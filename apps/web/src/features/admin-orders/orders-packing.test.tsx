import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { englishWordsIn } from '@tavlin/contracts'
import { makeErasedOrder, makeOrder } from '../../testing/admin-data'
import { fakeApi, ok, page } from '../../testing/fake-admin-api'
import { renderWithProviders } from '../../testing/render'
import { OrdersTable } from './orders-table'

afterEach(() => vi.restoreAllMocks())

const first = makeOrder()
const second = makeOrder({
  _id: '55555555-5555-4555-8555-555555555555',
  number: 'TV-1002',
  orderStatus: 'preparing',
  delivery: {
    methodId: '66666666-6666-4666-8666-666666666666',
    kind: 'pickup',
    name: 'איסוף מהחנות',
    zoneName: null,
    daysMin: 1,
    daysMax: 1,
    pickupAddress: 'הנביאים 12, ירושלים',
    openingHours: 'א׳–ה׳ 9:00–18:00',
  },
  customer: {
    firstName: 'אבי',
    lastName: 'לוי',
    email: 'avi@example.com',
    phone: '0527654321',
    address: { street: 'הרצל', streetNum: '5', city: 'חיפה', entrance: 'ב', floor: '3', apartment: '12' },
  },
  orderItems: [
    {
      itemId: 'p2',
      itemType: 'Product',
      item: { name: 'מיטמיטה' },
      size: '250 גרם',
      quantity: 3,
      price: 27.9,
      lineTotal: 83.7,
    },
  ],
})

function ordersApi() {
  return fakeApi({
    'GET /api/orders': () => page([first, second]),
    [`GET /api/orders/${first._id}`]: () => ok(first),
    [`GET /api/orders/${second._id}`]: () => ok(second),
    'POST /api/orders/ship': () =>
      ok({ shipped: [first._id], skipped: [{ _id: second._id, orderNumber: 'TV-1002', status: 'shipped' }] }),
  })
}

describe('orders to pack', () => {
  it('reads its filters from the address and sends them', async () => {
    const api = ordersApi()
    const { user } = renderWithProviders(<OrdersTable />, {
      path: '/admin?section=orders&status=paid&from=2026-03-01&to=2026-03-14&late=true&search=נועה&sort=oldest&page=2',
    })
    await screen.findByRole('table', { name: 'הזמנות' })
    const query = api.callsTo('GET /api/orders')[0]!.query
    expect(Object.fromEntries(query)).toEqual({
      page: '2',
      limit: '10',
      sort: 'oldest',
      status: 'paid',
      search: 'נועה',
      from: '2026-03-01',
      to: '2026-03-14',
      late: 'true',
    })
    expect(screen.getByLabelText('סינון לפי סטטוס')).toHaveValue('paid')
    expect(screen.getByLabelText('חיפוש לפי מספר הזמנה, שם, טלפון או דוא״ל')).toHaveValue('נועה')
    expect(screen.getByLabelText('מתאריך')).toHaveValue('01/03/2026')
    expect(screen.getByLabelText('עד תאריך')).toHaveValue('14/03/2026')
    // Late orders only, with a button that lifts that filter.
    await user.click(screen.getByRole('button', { name: 'רק הזמנות שמתעכבות ✕' }))
    await waitFor(() => expect(api.callsTo('GET /api/orders').at(-1)!.query.has('late')).toBe(false))
    expect(api.callsTo('GET /api/orders').at(-1)!.query.get('status')).toBe('paid')
  })

  it('ignores filters in the address it does not know', async () => {
    const api = ordersApi()
    renderWithProviders(<OrdersTable />, { path: '/admin?status=lost&sort=random&page=-3&from=yesterday' })
    await screen.findByRole('table', { name: 'הזמנות' })
    expect(Object.fromEntries(api.callsTo('GET /api/orders')[0]!.query)).toEqual({
      page: '1',
      limit: '10',
      sort: 'newest',
    })
  })

  it('marks the selected orders shipped and says which stayed as they were', async () => {
    const api = ordersApi()
    const { user } = renderWithProviders(<OrdersTable />)
    await screen.findByRole('table', { name: 'הזמנות' })
    const actions = screen.getByRole('group', { name: 'פעולות על ההזמנות שנבחרו' })
    expect(within(actions).getByRole('button', { name: 'סימון כנשלח' })).toBeDisabled()

    await user.click(screen.getByRole('checkbox', { name: 'בחירת הזמנה TV-1001' }))
    await user.click(screen.getByRole('checkbox', { name: 'בחירת הזמנה TV-1002' }))
    expect(actions).toHaveTextContent('נבחרו שתי הזמנות')
    await user.click(within(actions).getByRole('button', { name: 'סימון כנשלח' }))

    await waitFor(() => expect(api.callsTo('POST /api/orders/ship')).toHaveLength(1))
    expect(api.callsTo('POST /api/orders/ship')[0]!.body).toEqual({ ids: [first._id, second._id] })
    expect(await screen.findByText('הזמנה אחת סומנה כנשלחה')).toBeInTheDocument()
    expect(screen.getByText('הזמנה אחת לא שולמה או כבר נשלחה ונשארה כפי שהייתה')).toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: 'בחירת הזמנה TV-1001' })).not.toBeChecked()
  })

  it('prints one packing slip per selected order, right to left', async () => {
    ordersApi()
    const { user } = renderWithProviders(<OrdersTable />)
    await screen.findByRole('table', { name: 'הזמנות' })
    await user.click(screen.getByRole('checkbox', { name: 'בחירת הזמנה TV-1001' }))
    await user.click(screen.getByRole('checkbox', { name: 'בחירת הזמנה TV-1002' }))
    await user.click(screen.getByRole('button', { name: 'הדפסת תעודות משלוח' }))

    const slips = await screen.findByRole('region', { name: 'תעודות משלוח לשתי הזמנות' })
    expect(slips).toHaveAttribute('dir', 'rtl')
    const [noa, avi] = await within(slips).findAllByRole('article')
    expect(noa).toHaveAccessibleName('תעודת משלוח להזמנה TV-1001')
    // The number, the phone and codes isolated left to right inline (issue 35).
    expect(
      within(within(noa!).getByRole('heading', { name: 'TV-1001' })).getByText('TV-1001'),
    ).toHaveAttribute('dir', 'ltr')
    expect(within(noa!).getByRole('img', { name: 'TV-1001' })).toBeInTheDocument()
    expect(noa).toHaveTextContent('נועה כהן')
    expect(noa).toHaveTextContent('יפו 97, ירושלים 9434001')
    expect(noa).toHaveTextContent('להשאיר ליד הדלת')
    // An order from before delivery methods went by home delivery; the other is picked up.
    expect(within(noa!).getByText('משלוח', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'משלוח עד הבית',
    )
    const rows = within(within(noa!).getByRole('table', { name: 'פריטים להכנה' })).getAllByRole('row')
    expect(rows.slice(1).map((row) => row.textContent)).toEqual(['ברברה100 גרם2☐', 'מארז אינג׳רהמארז1☐'])

    expect(avi).toHaveAccessibleName('תעודת משלוח להזמנה TV-1002')
    expect(avi).toHaveTextContent('אבי לוי')
    // The phone stands beside its label: an isolated inline piece, not a left-to-right block
    // whose text sat at the far side of the row (issue 35).
    const phone = within(avi!).getByText('טלפון', { selector: 'dt' }).nextElementSibling!
    expect(phone).not.toHaveAttribute('dir')
    expect(within(phone as HTMLElement).getByText('0527654321')).toHaveAttribute('dir', 'ltr')
    expect(within(phone as HTMLElement).getByText('0527654321').tagName).toBe('BDI')
    // Entrance, floor and apartment after the street (decision 226); the first order has none.
    expect(avi).toHaveTextContent('הרצל 5, כניסה ב, קומה 3, דירה 12, חיפה')
    expect(noa).not.toHaveTextContent(/כניסה|קומה|דירה/)
    expect(within(avi!).getByRole('cell', { name: 'מיטמיטה' })).toBeInTheDocument()
    expect(within(avi!).getByText('משלוח', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'איסוף מהחנותכתובת לאיסוף: הנביאים 12, ירושלים',
    )
    expect(avi).not.toHaveTextContent('הערות')

    // No English on a slip (issue 35): a package line's size read "package".
    const labels = [...slips.querySelectorAll('[aria-label]')].map((element) =>
      element.getAttribute('aria-label'),
    )
    expect(englishWordsIn([slips.textContent, ...labels].join(' '))).toEqual([])

    await user.click(within(slips).getByRole('button', { name: 'סגירה' }))
    expect(screen.queryByRole('region', { name: 'תעודות משלוח לשתי הזמנות' })).not.toBeInTheDocument()
  })
  it('prints an erased order’s slip saying its customer was erased, with no masked values', async () => {
    const erased = makeErasedOrder()
    fakeApi({ 'GET /api/orders': () => page([erased]), [`GET /api/orders/${erased._id}`]: () => ok(erased) })
    const { user } = renderWithProviders(<OrdersTable />)
    await screen.findByRole('table', { name: 'הזמנות' })
    await user.click(screen.getByRole('checkbox', { name: 'בחירת הזמנה TV-1001' }))
    await user.click(screen.getByRole('button', { name: 'הדפסת תעודות משלוח' }))
    const slips = await screen.findByRole('region', { name: 'תעודת משלוח להזמנה אחת' })
    const [slip] = await within(slips).findAllByRole('article')
    expect(within(slip!).getByText('לקוח', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'פרטי הלקוח נמחקו: אין כתובת למשלוח.',
    )
    expect(slip).not.toHaveTextContent(/נמחק$|@invalid|טלפון/)
    expect(within(slip!).getByRole('table', { name: 'פריטים להכנה' })).toBeInTheDocument()
  })
})

import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Coupon } from '@tavlin/contracts'
import { makeOrder } from '../../testing/admin-data'
import { fail, fakeApi, ok, page } from '../../testing/fake-admin-api'
import { renderWithProviders } from '../../testing/render'
import { OrdersTable } from '../admin-orders/orders-table'
import { CouponsPanel } from './coupons-panel'

afterEach(() => vi.restoreAllMocks())

function makeCoupon(overrides: Partial<Coupon> = {}): Coupon {
  return {
    _id: '66666666-6666-4666-8666-666666666666',
    code: 'SAVE10',
    kind: 'percent',
    value: 10,
    minimumOrder: 100,
    startsOn: '2026-11-01',
    endsOn: '2026-11-30',
    usageLimit: 50,
    onePerCustomer: true,
    freeShipping: false,
    categories: ['spices'],
    active: true,
    usedCount: 7,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  }
}

describe('the admin coupons section', () => {
  it('lists every coupon with its discount, conditions, validity and uses', async () => {
    fakeApi({
      'GET /api/admin/coupons': () =>
        ok({
          items: [
            makeCoupon(),
            makeCoupon({
              _id: '77777777-7777-4777-8777-777777777777',
              code: 'SHIP20',
              kind: 'fixed',
              value: 20,
              minimumOrder: null,
              startsOn: null,
              endsOn: null,
              usageLimit: null,
              onePerCustomer: false,
              freeShipping: true,
              categories: [],
              active: false,
              usedCount: 3,
            }),
          ],
        }),
    })
    renderWithProviders(<CouponsPanel />)
    const save10 = (await screen.findByRole('rowheader', { name: 'SAVE10' })).closest('tr')!
    expect(within(save10).getByText('10% הנחה')).toBeInTheDocument()
    expect(within(save10).getByText('מינימום 100.00 ₪ · פעם אחת ללקוח · רק: תבלינים')).toBeInTheDocument()
    expect(within(save10).getByText('מ־2026-11-01 עד 2026-11-30 (כולל)')).toBeInTheDocument()
    expect(within(save10).getByText('7 מתוך 50')).toBeInTheDocument()
    const ship = screen.getByRole('rowheader', { name: 'SHIP20' }).closest('tr')!
    expect(within(ship).getByText('20.00 ₪ הנחה')).toBeInTheDocument()
    expect(within(ship).getByText('משלוח חינם')).toBeInTheDocument()
    expect(within(ship).getByText('ללא הגבלה')).toBeInTheDocument()
    expect(within(ship).getByText('3 (ללא הגבלה)')).toBeInTheDocument()
    expect(within(ship).getByText('לא')).toBeInTheDocument()
  })

  it('switches a coupon off, sending it whole with active: false', async () => {
    const api = fakeApi({
      'GET /api/admin/coupons': () => ok({ items: [makeCoupon()] }),
      [`PUT /api/admin/coupons/${makeCoupon()._id}`]: () => ok(makeCoupon({ active: false })),
    })
    const { user } = renderWithProviders(<CouponsPanel />)
    await user.click(await screen.findByRole('button', { name: 'השבתה SAVE10' }))
    await waitFor(() => expect(api.callsTo(`PUT /api/admin/coupons/${makeCoupon()._id}`)).toHaveLength(1))
    expect(api.callsTo(`PUT /api/admin/coupons/${makeCoupon()._id}`)[0]!.body).toEqual({
      code: 'SAVE10',
      kind: 'percent',
      value: 10,
      minimumOrder: 100,
      startsOn: '2026-11-01',
      endsOn: '2026-11-30',
      usageLimit: 50,
      onePerCustomer: true,
      freeShipping: false,
      categories: ['spices'],
      active: false,
    })
  })

  it('creates a coupon from the form, checking its fields in Hebrew first', async () => {
    const api = fakeApi({
      'GET /api/admin/coupons': () => ok({ items: [] }),
      'POST /api/admin/coupons': () => ok(makeCoupon({ code: 'WELCOME' }), 201),
    })
    const { user } = renderWithProviders(<CouponsPanel />)
    expect(await screen.findByText('עדיין אין קופונים.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'קופון חדש' }))
    await user.type(screen.getByLabelText('קוד'), 'welcome')
    await user.type(screen.getByLabelText('גובה ההנחה'), '150')
    await user.type(screen.getByLabelText('תחילת התוקף (לא חובה)'), '2026-12-10')
    await user.type(screen.getByLabelText('סוף התוקף (לא חובה, כולל היום הזה)'), '2026-12-01')
    await user.click(screen.getByRole('button', { name: 'שמירה' }))
    expect(await screen.findByText('אחוז ההנחה הוא מספר שלם בין 1 ל־100.')).toBeInTheDocument()
    expect(screen.getByText('תאריך הסיום אינו יכול להיות לפני תאריך ההתחלה.')).toBeInTheDocument()
    expect(api.callsTo('POST /api/admin/coupons')).toHaveLength(0)

    await user.click(screen.getByLabelText('סכום קבוע בשקלים'))
    await user.clear(screen.getByLabelText('סוף התוקף (לא חובה, כולל היום הזה)'))
    await user.type(screen.getByLabelText('הזמנה מינימלית (₪, לא חובה)'), '200')
    await user.type(screen.getByLabelText('מספר שימושים כולל (לא חובה)'), '1')
    await user.click(screen.getByLabelText('משלוח חינם'))
    await user.click(screen.getByLabelText('קמחים'))
    await user.click(screen.getByRole('button', { name: 'שמירה' }))
    await waitFor(() => expect(api.callsTo('POST /api/admin/coupons')).toHaveLength(1))
    expect(api.callsTo('POST /api/admin/coupons')[0]!.body).toEqual({
      code: 'welcome',
      kind: 'fixed',
      value: 150,
      minimumOrder: 200,
      startsOn: '2026-12-10',
      endsOn: null,
      usageLimit: 1,
      onePerCustomer: false,
      freeShipping: true,
      categories: ['flours'],
      active: true,
    })
  })

  it('says a taken code in Hebrew', async () => {
    fakeApi({
      'GET /api/admin/coupons': () => ok({ items: [] }),
      'POST /api/admin/coupons': () => fail(409, 'COUPON_CODE_TAKEN', 'Another coupon has this code'),
    })
    const { user } = renderWithProviders(<CouponsPanel />)
    await user.click(await screen.findByRole('button', { name: 'קופון חדש' }))
    await user.type(screen.getByLabelText('קוד'), 'SAVE10')
    await user.type(screen.getByLabelText('גובה ההנחה'), '10')
    await user.click(screen.getByRole('button', { name: 'שמירה' }))
    expect(await screen.findByText(/קוד הקופון כבר קיים. נא לבחור קוד אחר./)).toBeInTheDocument()
  })
})

describe('the welcome coupon settings', () => {
  it('shows the saved settings (off by default), checks them in Hebrew and saves them', async () => {
    const api = fakeApi({
      'GET /api/admin/coupons': () => ok({ items: [] }),
      'GET /api/admin/coupons/welcome': () =>
        ok({ enabled: false, kind: 'percent', value: 10, validDays: 30 }),
      'PUT /api/admin/coupons/welcome': ({ body }) => ok(body),
    })
    const { user } = renderWithProviders(<CouponsPanel />)
    const section = await screen.findByRole('group', { name: 'קופון ברוכים הבאים לנרשמים לניוזלטר' })
    const enabled = within(section).getByLabelText('שליחת קופון ברוכים הבאים')
    expect(enabled).not.toBeChecked()
    expect(within(section).getByLabelText('אחוז מהמוצרים')).toBeChecked()
    expect(within(section).getByLabelText('גובה ההנחה')).toHaveValue('10')
    expect(within(section).getByLabelText('תקף למשך (ימים)')).toHaveValue('30')

    await user.click(enabled)
    await user.click(within(section).getByLabelText('סכום קבוע בשקלים'))
    await user.clear(within(section).getByLabelText('גובה ההנחה'))
    await user.type(within(section).getByLabelText('גובה ההנחה'), '20')
    await user.clear(within(section).getByLabelText('תקף למשך (ימים)'))
    await user.type(within(section).getByLabelText('תקף למשך (ימים)'), '0')
    await user.click(within(section).getByRole('button', { name: 'שמירת הגדרות הקופון' }))
    expect(await within(section).findByText('מספר הימים הוא מספר שלם בין 1 ל־365.')).toBeInTheDocument()
    expect(api.callsTo('PUT /api/admin/coupons/welcome')).toHaveLength(0)

    await user.type(within(section).getByLabelText('תקף למשך (ימים)'), '14')
    await user.click(within(section).getByRole('button', { name: 'שמירת הגדרות הקופון' }))
    await waitFor(() => expect(api.callsTo('PUT /api/admin/coupons/welcome')).toHaveLength(1))
    expect(api.callsTo('PUT /api/admin/coupons/welcome')[0]!.body).toEqual({
      enabled: true,
      kind: 'fixed',
      value: 20,
      validDays: 14,
    })
  })
})

describe('the admin order shows its coupon', () => {
  it('has a discount line with the code', async () => {
    const order = makeOrder({ discount: 13.97, couponCode: 'SAVE10', totalPrice: 140.73 })
    fakeApi({
      'GET /api/orders': () => page([order]),
      [`GET /api/orders/${order._id}`]: () => ok(order),
    })
    const { user } = renderWithProviders(<OrdersTable />)
    await user.click(await screen.findByRole('button', { name: 'פרטי ההזמנה TV-1001' }))
    const dialog = await screen.findByRole('dialog', { name: 'הזמנה TV-1001' })
    const label = await within(dialog).findByText('הנחה (קופון SAVE10)')
    expect(label.nextElementSibling).toHaveTextContent('−13.97 ₪')
  })
})

import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { OrderTracking } from '@tavlin/contracts'
import { makeOrder } from '../../testing/admin-data'
import { fail, fakeApi, ok, page } from '../../testing/fake-admin-api'
import { renderWithProviders } from '../../testing/render'
import { OrdersTable } from './orders-table'

afterEach(() => vi.restoreAllMocks())

const ISRAEL_POST = {
  _id: '77777777-7777-4777-8777-777777777777',
  name: 'דואר ישראל',
  urlPattern: 'https://mypost.israelpost.co.il/itemtrace?itemcode={number}',
}
const tracking: OrderTracking = {
  courierId: ISRAEL_POST._id,
  courierName: 'דואר ישראל',
  trackingNumber: 'RR123456789IL',
  trackingUrl: 'https://mypost.israelpost.co.il/itemtrace?itemcode=RR123456789IL',
}
const order = makeOrder({ orderStatus: 'paid' })

function trackingApi() {
  return fakeApi({
    'GET /api/orders': () => page([order]),
    [`GET /api/orders/${order._id}`]: () => ok(order),
    'GET /api/admin/couriers': () => ok([ISRAEL_POST]),
    [`PUT /api/orders/${order._id}/tracking`]: () => ok(tracking),
  })
}

async function openOrder() {
  const { user } = renderWithProviders(<OrdersTable />, { path: '/admin?section=orders' })
  await user.click(await screen.findByRole('button', { name: `פרטי ההזמנה ${order.number}` }))
  const dialog = await screen.findByRole('dialog')
  const section = await within(dialog).findByRole('region', { name: 'מעקב משלוח' })
  await within(section).findByRole('option', { name: 'דואר ישראל' })
  return { user, section }
}

describe("an order's courier and tracking number (issue 41)", () => {
  it('says in Hebrew why a number with spaces or Hebrew is refused, and sends nothing', async () => {
    const api = trackingApi()
    const { user, section } = await openOrder()
    await user.selectOptions(within(section).getByLabelText('חברת שליחויות'), 'דואר ישראל')
    const number = within(section).getByLabelText('מספר מעקב')
    await user.type(number, 'RR 1234 IL')
    await user.click(within(section).getByRole('button', { name: 'שמירת מספר המעקב' }))
    expect(await within(section).findByText('מספר המעקב לא יכול להכיל רווחים')).toBeInTheDocument()
    await user.clear(number)
    await user.type(number, 'RR1234מעקב')
    await user.click(within(section).getByRole('button', { name: 'שמירת מספר המעקב' }))
    expect(
      await within(section).findByText('מספר המעקב יכול להכיל רק אותיות באנגלית, ספרות ומקף'),
    ).toBeInTheDocument()
    expect(api.callsTo(`PUT /api/orders/${order._id}/tracking`)).toHaveLength(0)
  })

  it('sends the courier and the trimmed number, and asks for a courier first', async () => {
    const api = trackingApi()
    const { user, section } = await openOrder()
    await user.type(within(section).getByLabelText('מספר מעקב'), ' RR123456789IL ')
    await user.click(within(section).getByRole('button', { name: 'שמירת מספר המעקב' }))
    expect(await within(section).findByText('נא לבחור חברת שליחויות')).toBeInTheDocument()
    await user.selectOptions(within(section).getByLabelText('חברת שליחויות'), 'דואר ישראל')
    await user.click(within(section).getByRole('button', { name: 'שמירת מספר המעקב' }))
    await waitFor(() => expect(api.callsTo(`PUT /api/orders/${order._id}/tracking`)).toHaveLength(1))
    expect(api.callsTo(`PUT /api/orders/${order._id}/tracking`)[0]!.body).toEqual({
      courierId: ISRAEL_POST._id,
      trackingNumber: 'RR123456789IL',
    })
  })

  it("shows a recorded number isolated, with the courier's page in a new tab", async () => {
    fakeApi({
      'GET /api/orders': () => page([order]),
      [`GET /api/orders/${order._id}`]: () => ok({ ...order, tracking }),
      'GET /api/admin/couriers': () => ok([ISRAEL_POST]),
    })
    const { section } = await openOrder()
    expect(within(section).getByText('RR123456789IL').tagName).toBe('BDI')
    const link = within(section).getByRole('link', { name: /מעקב באתר דואר ישראל/ })
    expect(link).toHaveAttribute('href', tracking.trackingUrl)
    expect(link).toHaveAttribute('target', '_blank')
    expect(link).toHaveAttribute('rel', 'noopener noreferrer')
  })
})

describe('tracking numbers pasted for many orders', () => {
  it('sends the pasted lines with one courier and lists each refused line in Hebrew', async () => {
    const api = fakeApi({
      'GET /api/orders': () => page([order]),
      'GET /api/admin/couriers': () => ok([ISRAEL_POST]),
      'POST /api/orders/tracking': () =>
        fail(422, 'TRACKING_LIST_INVALID', 'Some lines were refused', [
          { line: 2, problem: 'unknownOrder', text: 'TV-9999,RR1111IL' },
          { line: 3, problem: 'numberSpaces', text: 'TV-1001,RR 22 IL' },
        ]),
    })
    const { user } = renderWithProviders(<OrdersTable />, { path: '/admin?section=orders' })
    await user.click(await screen.findByText('הדבקת מספרי מעקב לכמה הזמנות'))
    const courier = screen.getByLabelText('חברת שליחויות')
    await within(courier).findByRole('option', { name: 'דואר ישראל' })
    await user.click(screen.getByRole('button', { name: 'שמירת מספרי המעקב' }))
    expect(await screen.findByText('נא לבחור חברת שליחויות')).toBeInTheDocument()
    await user.selectOptions(courier, 'דואר ישראל')
    await user.type(
      screen.getByLabelText('שורות: מספר הזמנה, מספר מעקב'),
      'TV-1001,RR1{Enter}TV-9999,RR1111IL',
    )
    await user.click(screen.getByRole('button', { name: 'שמירת מספרי המעקב' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('השורות האלה שגויות, ולכן לא נשמר דבר')
    expect(alert).toHaveTextContent('שורה 2: אין הזמנה עם המספר הזה')
    expect(alert).toHaveTextContent('שורה 3: מספר המעקב לא יכול להכיל רווחים')
    expect(api.callsTo('POST /api/orders/tracking')[0]!.body).toEqual({
      courierId: ISRAEL_POST._id,
      trackingList: 'TV-1001,RR1\nTV-9999,RR1111IL',
    })
  })
})

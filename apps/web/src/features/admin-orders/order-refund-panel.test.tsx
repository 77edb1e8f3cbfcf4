import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { OrderRefunds } from '@tavlin/contracts'
import { makeOrder } from '../../testing/admin-data'
import { fakeApi, ok, page } from '../../testing/fake-admin-api'
import { renderWithProviders } from '../../testing/render'
import { OrdersTable } from './orders-table'

afterEach(() => vi.restoreAllMocks())

const summary = (overrides: Partial<OrderRefunds> = {}): OrderRefunds => ({
  orderStatus: 'shipped',
  documentUrl: null,
  refunded: 0,
  refundable: 176.23,
  suggestedFee: 8.81,
  refunds: [],
  ...overrides,
})

async function openOrder(order = makeOrder({ orderStatus: 'shipped' })) {
  const api = fakeApi({
    'GET /api/orders': () => page([order]),
    [`GET /api/orders/${order._id}`]: () => ok(order),
    [`GET /api/orders/${order._id}/refunds`]: () => ok(summary()),
    [`POST /api/orders/${order._id}/refunds`]: () =>
      ok(summary({ orderStatus: 'partially_refunded', refunded: 20, refundable: 156.23 })),
  })
  const rendered = renderWithProviders(<OrdersTable />)
  await rendered.user.click(await screen.findByRole('button', { name: 'פרטי ההזמנה TV-1001' }))
  const dialog = await screen.findByRole('dialog', { name: 'הזמנה TV-1001' })
  return { ...rendered, api, order, dialog }
}

describe('a refund from the order page (issue 35)', () => {
  it('asks first, naming the amount and the fee, and refunds only once confirmed', async () => {
    const { user, api, order, dialog } = await openOrder()
    const amount = await within(dialog).findByLabelText('סכום להחזר (₪)')
    await user.clear(amount)
    await user.type(amount, '20')
    await user.clear(within(dialog).getByLabelText('דמי ביטול שנוכו (₪)'))
    await user.type(within(dialog).getByLabelText('דמי ביטול שנוכו (₪)'), '1')
    await user.click(within(dialog).getByRole('button', { name: 'ביצוע החזר' }))

    const confirm = await screen.findByRole('alertdialog', { name: 'לאשר את ההחזר?' })
    expect(confirm).toHaveAccessibleDescription(
      'יוחזרו ללקוח 20.00 ₪ על הזמנה TV-1001, ודמי ביטול של 1.00 ₪ יישארו בחנות. ההחזר נשלח מיד לספק התשלומים ואי אפשר לבטל אותו.',
    )
    // Focus starts on cancel: Enter does not refund by accident.
    expect(within(confirm).getByRole('button', { name: 'ביטול' })).toHaveFocus()
    expect(api.callsTo(`POST /api/orders/${order._id}/refunds`)).toHaveLength(0)
    await user.click(within(confirm).getByRole('button', { name: 'ביטול' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(api.callsTo(`POST /api/orders/${order._id}/refunds`)).toHaveLength(0)

    await user.click(within(dialog).getByRole('button', { name: 'ביצוע החזר' }))
    const again = await screen.findByRole('alertdialog', { name: 'לאשר את ההחזר?' })
    await user.click(within(again).getByRole('button', { name: 'החזר 20.00 ₪' }))
    expect(await screen.findByText('ההחזר בוצע: 20.00 ₪')).toBeInTheDocument()
    expect(api.callsTo(`POST /api/orders/${order._id}/refunds`).map((call) => call.body)).toEqual([
      { amount: 20, fee: 1 },
    ])
  })

  it('still offers "delivered" for a shipped order after part of it was refunded', async () => {
    const base = makeOrder()
    const order = makeOrder({
      orderStatus: 'partially_refunded',
      statusHistory: [
        ...base.statusHistory!,
        { status: 'preparing', at: '2026-03-14T11:00:00.000Z', actorEmail: 'admin@tavlin.test' },
        { status: 'shipped', at: '2026-03-15T09:00:00.000Z', actorEmail: 'admin@tavlin.test' },
        { status: 'partially_refunded', at: '2026-03-15T10:00:00.000Z', actorEmail: 'admin@tavlin.test' },
      ],
    })
    const { dialog } = await openOrder(order)
    const options = within(await within(dialog).findByLabelText('סטטוס חדש')).getAllByRole('option')
    expect(options.map((option) => option.textContent)).toEqual(['בחירת סטטוס', 'נמסרה'])
  })
})

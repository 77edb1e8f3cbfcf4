import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { makeOrder } from '../../testing/admin-data'
import { fakeApi, ok, page } from '../../testing/fake-admin-api'
import { renderWithProviders } from '../../testing/render'
import { OrdersTable } from './orders-table'

afterEach(() => vi.restoreAllMocks())

// Issue 41: the order's history says what the shopper was sent, and why a mail was not.
describe("the order's mails in its detail", () => {
  it('lists each mail with what became of it, in Hebrew', async () => {
    const order = makeOrder({
      orderStatus: 'shipped',
      mails: [
        { step: 'confirmation', outcome: 'queued', delivery: 'sent', at: '2026-03-14T10:05:00.000Z' },
        { step: 'shipped', outcome: 'switched-off', delivery: null, at: '2026-03-15T09:00:00.000Z' },
        { step: 'refund-issued', outcome: 'queued', delivery: 'pending', at: '2026-03-15T10:00:00.000Z' },
        {
          step: 'cancellation-refused',
          outcome: 'no-address',
          delivery: null,
          at: '2026-03-16T10:00:00.000Z',
        },
        { step: 'delivered', outcome: 'queued', delivery: null, at: '2026-03-17T10:00:00.000Z' },
      ],
    })
    fakeApi({ 'GET /api/orders': () => page([order]), [`GET /api/orders/${order._id}`]: () => ok(order) })
    const { user } = renderWithProviders(<OrdersTable />)
    await user.click(await screen.findByRole('button', { name: 'פרטי ההזמנה TV-1001' }))
    const dialog = await screen.findByRole('dialog', { name: 'הזמנה TV-1001' })
    const section = within(dialog).getByRole('heading', { name: 'הודעות ללקוח' }).closest('section')!
    const items = within(section)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(items[0]).toContain('אישור הזמנה')
    expect(items[0]).toContain('נשלחה')
    expect(items[1]).toContain('לא נשלחה: ההודעה כבויה בהגדרות')
    expect(items[2]).toContain('ממתינה למשלוח')
    expect(items[3]).toContain('לא נשלחה: פרטי הלקוח נמחקו')
    expect(items[4]).toContain('נשלחה; ההודעה נמחקה עם פרטי הלקוח')
  })

  it('says when nothing was sent', async () => {
    const order = makeOrder({ mails: [] })
    fakeApi({ 'GET /api/orders': () => page([order]), [`GET /api/orders/${order._id}`]: () => ok(order) })
    const { user } = renderWithProviders(<OrdersTable />)
    await user.click(await screen.findByRole('button', { name: 'פרטי ההזמנה TV-1001' }))
    expect(await screen.findByText('לא נשלחו הודעות ללקוח על ההזמנה.')).toBeInTheDocument()
  })
})

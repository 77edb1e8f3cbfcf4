import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, ok } from '../../testing/fake-admin-api'
import { renderWithProviders } from '../../testing/render'
import { CartRemindersForm } from './cart-reminders-form'

afterEach(() => vi.restoreAllMocks())

// The owner's switch for the reminder of a checkout left half-way (issue 36, decision 282).
describe('the cart reminder settings', () => {
  it('shows the switch off by default, and saves it on with the hours chosen', async () => {
    const api = fakeApi({
      'GET /api/admin/shop/cart-reminders': () => ok({ enabled: false, delayHours: 24, enabledSince: null }),
      'PUT /api/admin/shop/cart-reminders': (call) =>
        ok({ ...(call.body as object), enabledSince: '2026-12-06T08:00:00.000Z' }),
    })
    const { user } = renderWithProviders(<CartRemindersForm />)
    const toggle = await screen.findByRole('checkbox', { name: 'שליחת תזכורת על סל שננטש' })
    await waitFor(() => expect(toggle).toBeEnabled())
    expect(toggle).not.toBeChecked()
    await user.click(toggle)
    const hours = screen.getByRole('spinbutton', { name: 'כמה שעות אחרי ההזמנה' })
    await user.clear(hours)
    await user.type(hours, '6')
    await user.click(screen.getByRole('button', { name: 'שמירת הגדרות התזכורת' }))
    await waitFor(() =>
      expect(api.callsTo('PUT /api/admin/shop/cart-reminders')[0]?.body).toEqual({
        enabled: true,
        delayHours: 6,
      }),
    )
    expect(await screen.findByText(/^פעיל מ־.*: רק הזמנות שנוצרו מאז מקבלות תזכורת\.$/)).toBeInTheDocument()
  })

  it('refuses hours outside 1–72 in Hebrew and sends nothing', async () => {
    const api = fakeApi({
      'GET /api/admin/shop/cart-reminders': () => ok({ enabled: true, delayHours: 24, enabledSince: null }),
    })
    const { user } = renderWithProviders(<CartRemindersForm />)
    const hours = await screen.findByRole('spinbutton', { name: 'כמה שעות אחרי ההזמנה' })
    await waitFor(() => expect(hours).toHaveValue(24))
    await user.clear(hours)
    await user.type(hours, '100')
    await user.click(screen.getByRole('button', { name: 'שמירת הגדרות התזכורת' }))
    expect(await screen.findByText('נא להזין מספר שלם של שעות בין 1 ל־72.')).toBeInTheDocument()
    expect(api.callsTo('PUT /api/admin/shop/cart-reminders')).toHaveLength(0)
  })
})

import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fail, fakeApi, ok } from '../../testing/fake-admin-api'
import { renderWithProviders } from '../../testing/render'
import { StockAlertForm } from './stock-alert-form'

afterEach(() => vi.restoreAllMocks())

const item = { itemType: 'Product', itemId: '11111111-1111-4111-8111-111111111111' } as const

// Issue 36, decision 277: "עדכנו אותי כשיחזור" under a sold-out size.
describe('the back-in-stock request', () => {
  it('asks for the chosen sold-out size and says a confirmation link was sent', async () => {
    const api = fakeApi({ 'POST /api/stock-alerts': () => ok({ received: true }, 202) })
    const { user } = renderWithProviders(
      <StockAlertForm item={item} name="ברברה" sizes={['100 גרם', '1 ק״ג']} />,
    )
    await user.click(screen.getByText('עדכנו אותי כשיחזור'))
    await user.click(screen.getByRole('radio', { name: '1 ק״ג' }))
    await user.type(screen.getByLabelText('כתובת דוא״ל'), 'noa@example.com')
    await user.click(screen.getByRole('button', { name: 'שליחת בקשת העדכון' }))
    expect(await screen.findByRole('status')).toHaveTextContent('שלחנו קישור לאישור אל noa@example.com')
    expect(api.calls.find((call) => call.path === '/api/stock-alerts')?.body).toEqual({
      ...item,
      size: '1 ק״ג',
      email: 'noa@example.com',
    })
  })

  it('refuses a bad address before sending, and says in Hebrew when the size is back already', async () => {
    const api = fakeApi({
      'POST /api/stock-alerts': () => fail(409, 'STOCK_ALERT_IN_STOCK', 'This size is in stock now'),
    })
    const { user } = renderWithProviders(<StockAlertForm item={item} name="ברברה" sizes={['100 גרם']} />)
    await user.click(screen.getByText('עדכנו אותי כשברברה (100 גרם) יחזור למלאי'))
    const email = screen.getByLabelText('כתובת דוא״ל')
    await user.type(email, 'not-an-address')
    await user.click(screen.getByRole('button', { name: 'שליחת בקשת העדכון' }))
    expect(email).toHaveAttribute('aria-invalid', 'true')
    expect(api.calls.some((call) => call.path === '/api/stock-alerts')).toBe(false)
    await user.clear(email)
    await user.type(email, 'noa@example.com')
    await user.click(screen.getByRole('button', { name: 'שליחת בקשת העדכון' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('הגודל הזה חזר למלאי ואפשר להזמין אותו עכשיו')
  })

  it('shows nothing when nothing is sold out', () => {
    fakeApi()
    renderWithProviders(<StockAlertForm item={item} name="ברברה" sizes={[]} />)
    expect(screen.queryByText(/עדכנו אותי/)).not.toBeInTheDocument()
  })
})

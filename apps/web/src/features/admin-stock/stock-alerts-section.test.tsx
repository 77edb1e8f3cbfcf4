import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, ok } from '../../testing/fake-admin-api'
import { renderWithProviders } from '../../testing/render'
import { StockAlertsSection } from './stock-alerts-section'

afterEach(() => vi.restoreAllMocks())

const PRODUCT = '11111111-1111-4111-8111-111111111111'
const BOX = '22222222-2222-4222-8222-222222222222'
const waiting = [
  { itemType: 'Product', itemId: PRODUCT, name: 'ברברה', size: '100 גרם', stock: 0, waiting: 4 },
  { itemType: 'Package', itemId: BOX, name: 'מארז מיסיר ווט', size: 'package', stock: 0, waiting: 1 },
]

// Issue 36, decision 277: the owner sees how many wait for each sold-out size.
describe('the waiting lists in the stock panel', () => {
  it('lists how many wait for each size, the most awaited first, and drops a list once confirmed', async () => {
    let items = waiting
    const api = fakeApi({
      'GET /api/admin/stock/alerts': () => ok({ total: 5, items }),
      'DELETE /api/admin/stock/alerts': () => {
        items = items.slice(1)
        return ok({ dropped: 4 })
      },
    })
    const { user } = renderWithProviders(<StockAlertsSection />)
    const table = await screen.findByRole('table')
    const rows = within(table).getAllByRole('row')
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('ברברה (100 גרם)')
    expect(rows[1]).toHaveTextContent('אזל מהמלאי')
    expect(rows[1]).toHaveTextContent('4')
    expect(within(rows[2]!).getByRole('rowheader')).toHaveTextContent('מארז מיסיר ווט')

    await user.click(screen.getByRole('button', { name: 'ביטול בקשות העדכון של ברברה (100 גרם)' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog).toHaveTextContent('ממתינים: 4')
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false)
    await user.click(within(dialog).getByRole('button', { name: 'ביטול הבקשות' }))
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2))
    const drop = api.calls.find((call) => call.method === 'DELETE')!
    expect(Object.fromEntries(drop.query)).toEqual({ itemType: 'Product', itemId: PRODUCT, size: '100 גרם' })
  })

  it('says so when nobody waits', async () => {
    fakeApi({ 'GET /api/admin/stock/alerts': () => ok({ total: 0, items: [] }) })
    renderWithProviders(<StockAlertsSection />)
    expect(await screen.findByText('אף אחד אינו ממתין כרגע לפריט שאזל.')).toBeInTheDocument()
  })
})

import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fail, fakeApi, ok } from '../../testing/fake-admin-api'
import { renderWithProviders } from '../../testing/render'
import { StockPanel } from './stock-panel'

afterEach(() => vi.restoreAllMocks())

const PRODUCT = '11111111-1111-4111-8111-111111111111'
const BOX = '22222222-2222-4222-8222-222222222222'

function stockApi(lowStockEmail = false) {
  return fakeApi({
    'GET /api/admin/stock/settings': () => ok({ lowStockThreshold: 5, lowStockEmail }),
    'GET /api/admin/stock/low': () =>
      ok({
        threshold: 5,
        items: [
          { itemType: 'Product', itemId: PRODUCT, name: 'ברברה', size: '100 גרם', stock: 0, held: 2 },
          { itemType: 'Package', itemId: BOX, name: 'מארז מיסיר ווט', size: 'package', stock: 3, held: 0 },
        ],
      }),
    'GET /api/admin/stock/history': () =>
      ok([
        {
          delta: -2,
          stockAfter: 0,
          reason: 'order',
          orderId: '33333333-3333-4333-8333-333333333333',
          orderNumber: 'TV-1002',
          actor: null,
          at: '2026-03-14T08:30:00.000Z',
          awaitingPayment: true,
        },
        {
          delta: 2,
          stockAfter: 2,
          reason: 'admin',
          orderId: null,
          orderNumber: null,
          actor: 'owner@shop.test',
          at: '2026-03-13T08:30:00.000Z',
          awaitingPayment: false,
        },
      ]),
    'PUT /api/admin/stock/settings': (call) => ok(call.body),
    'GET /api/admin/stock/alerts': () => ok({ total: 0, items: [] }),
  })
}

describe('the low-stock view', () => {
  it('lists what is at or under the threshold, a sold-out size as "אזל מהמלאי"', async () => {
    stockApi()
    renderWithProviders(<StockPanel />)
    const table = await screen.findByRole('table')
    expect(screen.getByRole('heading', { name: 'פריטים במלאי נמוך (עד 5 יחידות)' })).toBeInTheDocument()
    const rows = within(table).getAllByRole('row')
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('ברברה (100 גרם)')
    expect(rows[1]).toHaveTextContent('אזל מהמלאי')
    expect(within(rows[2]!).getByRole('rowheader')).toHaveTextContent('מארז מיסיר ווט')
    expect(rows[2]).toHaveTextContent('3')
  })

  it('shows units held by unpaid orders apart from what is left, and says they are not sold', async () => {
    stockApi()
    renderWithProviders(<StockPanel />)
    const table = await screen.findByRole('table')
    const held = within(table).getByRole('columnheader', { name: 'מוחזקים בהזמנות שממתינות לתשלום' })
    const column = [...held.parentElement!.children].indexOf(held)
    const [, barberry, box] = within(table).getAllByRole('row')
    expect(barberry!.children[column]).toHaveTextContent(/^2$/)
    expect(box!.children[column]).toHaveTextContent(/^0$/)
    expect(screen.getByText(/הן לא נמכרו, וחוזרות למלאי אם ההזמנה לא תשולם בזמן/)).toBeInTheDocument()
  })

  it("shows an item's history: by how much, why, which order or which admin", async () => {
    const api = stockApi()
    const { user } = renderWithProviders(<StockPanel />)
    await user.click(await screen.findByRole('button', { name: 'היסטוריית המלאי של ברברה (100 גרם)' }))
    const section = (
      await screen.findByRole('heading', { name: 'היסטוריית המלאי של ברברה (100 גרם)' })
    ).closest('section')!
    await waitFor(() => expect(within(section).getAllByRole('row')).toHaveLength(3))
    const [, sale, manual] = within(section).getAllByRole('row')
    expect(sale).toHaveTextContent('-2')
    expect(sale).toHaveTextContent('הזמנה (ממתינה לתשלום: היחידות מוחזקות, לא נמכרו)')
    expect(sale).toHaveTextContent('TV-1002')
    expect(manual).not.toHaveTextContent('ממתינה לתשלום')
    expect(manual).toHaveTextContent('+2')
    expect(manual).toHaveTextContent('עדכון ידני')
    expect(manual).toHaveTextContent('owner@shop.test')
    const query = api.callsTo('GET /api/admin/stock/history')[0]!.query
    expect(Object.fromEntries(query)).toEqual({ itemType: 'Product', itemId: PRODUCT, size: '100 גרם' })
  })

  it('saves the threshold, and refuses a negative one with a Hebrew message', async () => {
    const api = stockApi()
    const { user } = renderWithProviders(<StockPanel />)
    const field = await screen.findByRole('spinbutton', { name: 'סף מלאי נמוך' })
    await waitFor(() => expect(field).toHaveValue(5))
    await user.clear(field)
    await user.type(field, '-1')
    await user.click(screen.getByRole('button', { name: 'שמירת הגדרות המלאי' }))
    expect(
      await screen.findByText('המלאי חייב להיות מספר שלם, 0 ומעלה (או ריק, ללא מעקב)'),
    ).toBeInTheDocument()
    expect(api.callsTo('PUT /api/admin/stock/settings')).toHaveLength(0)
    await user.clear(field)
    await user.type(field, '8')
    await user.click(screen.getByRole('button', { name: 'שמירת הגדרות המלאי' }))
    await waitFor(() => expect(api.callsTo('PUT /api/admin/stock/settings')).toHaveLength(1))
    expect(api.callsTo('PUT /api/admin/stock/settings')[0]!.body).toEqual({
      lowStockThreshold: 8,
      lowStockEmail: false,
    })
    expect(await screen.findByText('סף המלאי הנמוך נשמר: 8')).toBeInTheDocument()
  })

  it('turns the low-stock e-mail on with the threshold, off by default', async () => {
    const api = stockApi()
    const { user } = renderWithProviders(<StockPanel />)
    const box = await screen.findByRole('checkbox', { name: 'שליחת מייל כשפריט מגיע לסף המלאי הנמוך' })
    await waitFor(() => expect(box).toBeEnabled())
    expect(box).not.toBeChecked()
    expect(box).toHaveAccessibleDescription(/מייל אחד לכתובת החנות/)
    await user.click(box)
    await user.click(screen.getByRole('button', { name: 'שמירת הגדרות המלאי' }))
    await waitFor(() => expect(api.callsTo('PUT /api/admin/stock/settings')).toHaveLength(1))
    expect(api.callsTo('PUT /api/admin/stock/settings')[0]!.body).toEqual({
      lowStockThreshold: 5,
      lowStockEmail: true,
    })
  })

  it('shows the e-mail as saved, and turns it off', async () => {
    const api = stockApi(true)
    const { user } = renderWithProviders(<StockPanel />)
    const box = await screen.findByRole('checkbox', { name: 'שליחת מייל כשפריט מגיע לסף המלאי הנמוך' })
    await waitFor(() => expect(box).toBeChecked())
    await user.click(box)
    await user.click(screen.getByRole('button', { name: 'שמירת הגדרות המלאי' }))
    await waitFor(() => expect(api.callsTo('PUT /api/admin/stock/settings')).toHaveLength(1))
    expect(api.callsTo('PUT /api/admin/stock/settings')[0]!.body).toEqual({
      lowStockThreshold: 5,
      lowStockEmail: false,
    })
  })

  it('says so when the list cannot load', async () => {
    fakeApi({
      'GET /api/admin/stock/settings': () => ok({ lowStockThreshold: 5, lowStockEmail: false }),
      'GET /api/admin/stock/low': () => fail(500, 'INTERNAL_ERROR', 'boom'),
    })
    renderWithProviders(<StockPanel />)
    expect(await screen.findByRole('alert')).toHaveTextContent('לא ניתן לטעון את נתוני המלאי')
  })
})

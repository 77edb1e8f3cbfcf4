import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { BulkEditOutcome } from '@tavlin/contracts'
import { apiClient } from '../../lib/api-client'
import { makeProduct } from '../../testing/admin-data'
import { fail, fakeApi, ok, page } from '../../testing/fake-admin-api'
import { renderWithProviders } from '../../testing/render'
import { ProductsTable } from './products-table'

const PREVIEW = 'POST /api/admin/products/bulk/preview'
const APPLY = 'POST /api/admin/products/bulk'
const LATEST = 'GET /api/admin/products/bulk/latest'

const cumin = makeProduct({ _id: '11111111-1111-4111-8111-111111111111', name: 'כמון' })
const pepper = makeProduct({ _id: '22222222-2222-4222-8222-222222222222', name: 'פלפל שחור' })
const state = (price: number) => ({
  sizes: [{ sizeName: '100 גרם', price, stock: null }],
  categories: ['spices'],
  subCategories: [],
})
const outcome: BulkEditOutcome = {
  changes: [
    { _id: cumin._id, name: 'כמון', before: state(12.5), after: state(13.9) },
    { _id: pepper._id, name: 'פלפל שחור', before: state(9.2), after: state(9.9) },
  ],
  unchanged: 1,
  applied: false,
  bulkChangeId: null,
}

afterEach(() => {
  vi.restoreAllMocks()
  apiClient.setAccessTokenProvider(() => undefined)
})

function renderList(routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({
    'GET /api/admin/products': () => page([cumin, pepper]),
    [LATEST]: () => ok(null),
    [PREVIEW]: () => ok(outcome),
    ...routes,
  })
  apiClient.setAccessTokenProvider(() => 'admin-token')
  return { api, ...renderWithProviders(<ProductsTable onAdd={vi.fn()} onEdit={vi.fn()} />) }
}

const bulk = () => screen.getByRole('region', { name: 'שינוי מרוכז' })

describe('שינוי מרוכז above the product list (issue 37)', () => {
  it('previews a price rise of the ticked products, then applies exactly what was previewed', async () => {
    const { api, user } = renderList({ [APPLY]: () => ok({ ...outcome, applied: true, bulkChangeId: 'b1' }) })
    await user.click(await screen.findByRole('checkbox', { name: 'בחירה: כמון' }))
    await user.click(screen.getByRole('checkbox', { name: 'בחירה: פלפל שחור' }))
    expect(within(bulk()).getByRole('radio', { name: 'שני המוצרים שסומנו' })).toBeChecked()
    await user.type(within(bulk()).getByLabelText('שינוי'), '10')
    await user.selectOptions(within(bulk()).getByLabelText('עיגול המחיר החדש'), 'ל־‎.90 הקרוב (למשל 23.90)')
    await user.click(within(bulk()).getByRole('button', { name: 'תצוגה מקדימה' }))

    const preview = await screen.findByRole('region', { name: 'תצוגה מקדימה של השינוי' })
    expect(within(preview).getByText('שני מוצרים ישתנו. מוצר אחד יישאר כפי שהוא.')).toBeInTheDocument()
    const row = within(preview).getByRole('row', { name: /כמון/ })
    expect(row).toHaveTextContent('100 גרם: 12.50 ₪')
    expect(row).toHaveTextContent('100 גרם: 13.90 ₪')
    const request = {
      selection: { ids: [cumin._id, pepper._id] },
      action: { kind: 'price', change: { by: 'percent', value: 10 }, rounding: 'ninety' },
    }
    expect(api.callsTo(PREVIEW)[0]?.body).toEqual(request)

    await user.click(within(preview).getByRole('button', { name: 'החלת השינוי על שני מוצרים' }))
    expect(await screen.findByText('השינוי הוחל על שני מוצרים')).toBeInTheDocument()
    expect(api.callsTo(APPLY)[0]?.body).toEqual(request)
    // Applied: the ticks are cleared and the preview is gone.
    expect(screen.getByRole('checkbox', { name: 'בחירה: כמון' })).not.toBeChecked()
    expect(screen.queryByRole('region', { name: 'תצוגה מקדימה של השינוי' })).not.toBeInTheDocument()
  })

  it('says in Hebrew what to fix before asking the server, and names each refused product', async () => {
    const { api, user } = renderList({
      [PREVIEW]: () =>
        fail(422, 'BULK_EDIT_REFUSED', 'Some products cannot take this change', [
          { _id: cumin._id, name: 'כמון', reason: 'pricePositive' },
        ]),
    })
    await user.click(within(bulk()).getByRole('button', { name: 'תצוגה מקדימה' }))
    expect(within(bulk()).getByRole('alert')).toHaveTextContent(
      'שינוי באחוזים: מספר שאינו אפס, בין ‎-90 ל־500',
    )
    await user.type(within(bulk()).getByLabelText('שינוי'), '-80')
    await user.click(within(bulk()).getByRole('button', { name: 'תצוגה מקדימה' }))
    expect(within(bulk()).getByRole('alert')).toHaveTextContent('לא סומנו מוצרים')
    expect(api.callsTo(PREVIEW)).toHaveLength(0)

    await user.click(within(bulk()).getByRole('radio', { name: 'כל המוצרים שהסינון הנוכחי מציג' }))
    await user.click(within(bulk()).getByRole('button', { name: 'תצוגה מקדימה' }))
    expect(await within(bulk()).findByText('כמון: המחיר חייב להישאר חיובי')).toBeInTheDocument()
    expect(api.callsTo(PREVIEW)[0]?.body).toMatchObject({ selection: { filter: {} } })
  })

  it('marks hidden products "מוסתר" and shows again all the list shows as hidden, previewing the change', async () => {
    const hidden = { ...state(12.5), isHidden: true }
    const hiddenCumin = { ...cumin, isHidden: true }
    const { api, user } = renderList({
      'GET /api/admin/products': ({ query }) =>
        page(query.get('visibility') === 'hidden' ? [hiddenCumin] : [hiddenCumin, pepper]),
      [PREVIEW]: () =>
        ok({
          ...outcome,
          unchanged: 0,
          changes: [{ _id: cumin._id, name: 'כמון', before: hidden, after: { ...hidden, isHidden: false } }],
        }),
    })
    // The list marks the hidden product, and its filter narrows the list, and the change, to them.
    const table = await screen.findByRole('table', { name: 'מוצרים' })
    const rowOf = (name: string) => within(table).getByRole('rowheader', { name }).closest('tr')!
    expect(within(rowOf('כמון')).getByText('מוסתר')).toBeInTheDocument()
    expect(within(rowOf('פלפל שחור')).getByText('מוצג')).toBeInTheDocument()
    await user.selectOptions(screen.getByLabelText('הצגה בחנות'), 'מוסתרים מהחנות')
    await waitFor(() =>
      expect(within(table).queryByRole('rowheader', { name: 'פלפל שחור' })).not.toBeInTheDocument(),
    )
    await user.click(within(bulk()).getByRole('radio', { name: 'כל המוצרים שהסינון הנוכחי מציג' }))
    await user.selectOptions(within(bulk()).getByLabelText('מה לשנות'), 'הצגה בחנות')
    await user.click(within(bulk()).getByRole('button', { name: 'תצוגה מקדימה' }))
    const preview = await screen.findByRole('region', { name: 'תצוגה מקדימה של השינוי' })
    const row = within(preview).getByRole('row', { name: /כמון/ })
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['מוסתר מהחנות', 'מוצג בחנות'])
    expect(api.callsTo(PREVIEW)[0]?.body).toEqual({
      selection: { filter: { visibility: 'hidden' } },
      action: { kind: 'visibility', isHidden: false },
    })
    await user.selectOptions(within(bulk()).getByLabelText('מה לשנות'), 'הסתרה מהחנות')
    await user.click(within(bulk()).getByRole('button', { name: 'תצוגה מקדימה' }))
    await waitFor(() => expect(api.callsTo(PREVIEW)).toHaveLength(2))
    expect(api.callsTo(PREVIEW)[1]?.body).toMatchObject({ action: { kind: 'visibility', isHidden: true } })
  })

  it('offers to undo the latest change once, and says which later edits it kept', async () => {
    const latest = {
      _id: 'b1',
      at: '2026-12-06T08:00:00.000Z',
      action: { kind: 'stock', stock: 3 },
      count: 2,
      undone: false,
    }
    const { api, user } = renderList({
      [LATEST]: () => ok(latest),
      'POST /api/admin/products/bulk/b1/undo': () =>
        ok({ restored: 1, keptChangedSince: [{ _id: pepper._id, name: 'פלפל שחור' }] }),
    })
    expect(await within(bulk()).findByText(/השינוי המרוכז האחרון: .*, שני מוצרים/)).toBeInTheDocument()
    api.on(LATEST, () => ok({ ...latest, undone: true }))
    await user.click(within(bulk()).getByRole('button', { name: 'ביטול השינוי האחרון' }))
    expect(await screen.findByText('השינוי בוטל: מוצר אחד הוחזר למצבו הקודם')).toBeInTheDocument()
    expect(screen.getByText('ערכים ששונו אחרי השינוי המרוכז נשמרו כפי שהם: פלפל שחור')).toBeInTheDocument()
    expect(within(bulk()).queryByRole('button', { name: 'ביטול השינוי האחרון' })).not.toBeInTheDocument()
  })
})

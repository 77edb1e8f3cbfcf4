import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makePackage, makeProduct } from '../../testing/admin-data'
import { fakeApi, ok, page, stubObjectUrls } from '../../testing/fake-admin-api'
import { renderWithProviders } from '../../testing/render'
import { PackageForm, PackagesTable } from '../admin-packages'
import { ProductForm, ProductsTable } from '../admin-products'

// Issue 19: the admin sets a count per size and per package; empty means "not tracked".
beforeEach(stubObjectUrls)
afterEach(() => vi.restoreAllMocks())

const save = () => screen.getByRole('button', { name: 'שמירה' })
const product = makeProduct({
  pricing: [
    { size: { sizeName: '100 גרם', sizeQuantity: 100 }, price: 24.9, stock: 3 },
    { size: { sizeName: '250 גרם', sizeQuantity: 250 }, price: 52.5, stock: null },
  ],
})

describe('stock in the product and package forms', () => {
  it("starts from each size's count, sends a typed count as a number and an emptied one as null", async () => {
    const api = fakeApi({ [`PUT /api/products/${product._id}`]: () => ok(product) })
    const user = userEvent.setup({ applyAccept: false })
    renderWithProviders(<ProductForm product={product} onDone={vi.fn()} onCancel={vi.fn()} />)
    const first = within(screen.getByRole('group', { name: 'אפשרות תמחור 1' })).getByLabelText('מלאי')
    const second = within(screen.getByRole('group', { name: 'אפשרות תמחור 2' })).getByLabelText('מלאי')
    expect(first).toHaveValue(3)
    expect(second).toHaveValue(null)
    expect(first).toHaveAccessibleDescription('ריק: ללא מעקב מלאי')
    await user.clear(first)
    await user.type(second, '7')
    await user.click(save())
    expect(await screen.findByText('המוצר עודכן בהצלחה')).toBeInTheDocument()
    const body = api.callsTo(`PUT /api/products/${product._id}`)[0]!.body as {
      pricing: Array<{ stock: number | null }>
    }
    expect(body.pricing.map((option) => option.stock)).toEqual([null, 7])
  })

  it('refuses a negative or fractional count with a Hebrew message and sends nothing', async () => {
    const api = fakeApi({})
    const user = userEvent.setup({ applyAccept: false })
    renderWithProviders(<ProductForm product={product} onDone={vi.fn()} onCancel={vi.fn()} />)
    const group = screen.getByRole('group', { name: 'אפשרות תמחור 1' })
    const field = within(group).getByLabelText('מלאי')
    await user.clear(field)
    await user.type(field, '-1')
    await user.click(save())
    expect(
      await within(group).findByText('המלאי חייב להיות מספר שלם, 0 ומעלה (או ריק, ללא מעקב)'),
    ).toBeInTheDocument()
    await user.clear(field)
    await user.type(field, '1.5')
    await user.click(save())
    expect(
      await within(group).findByText('המלאי חייב להיות מספר שלם, 0 ומעלה (או ריק, ללא מעקב)'),
    ).toBeInTheDocument()
    expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(0)
  })

  it("sets a package's count, 0 included", async () => {
    const pkg = makePackage({ stock: 4 })
    const api = fakeApi({
      'GET /api/admin/products': () => page([makeProduct()]),
      [`PUT /api/packages/${pkg._id}`]: () => ok(pkg),
    })
    const user = userEvent.setup({ applyAccept: false })
    renderWithProviders(<PackageForm pkg={pkg} onDone={vi.fn()} onCancel={vi.fn()} />)
    const field = screen.getByLabelText('מלאי')
    expect(field).toHaveValue(4)
    await user.clear(field)
    await user.type(field, '0')
    await user.click(save())
    expect(await screen.findByText('המארז עודכן בהצלחה')).toBeInTheDocument()
    expect(api.callsTo(`PUT /api/packages/${pkg._id}`)[0]!.body).toMatchObject({ stock: 0 })
  })
})

describe('stock in the admin lists', () => {
  it('shows each size\'s count, "אזל מהמלאי" at 0 and "ללא מעקב" when not tracked', async () => {
    const soldOut = makeProduct({
      pricing: [
        { size: { sizeName: '100 גרם', sizeQuantity: 100 }, price: 24.9, stock: 0 },
        { size: { sizeName: '250 גרם', sizeQuantity: 250 }, price: 52.5, stock: 12 },
      ],
    })
    fakeApi({ 'GET /api/admin/products': () => page([soldOut]) })
    renderWithProviders(<ProductsTable onAdd={vi.fn()} onEdit={vi.fn()} />)
    const table = await screen.findByRole('table', { name: 'מוצרים' })
    const items = within(table)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(items).toEqual(expect.arrayContaining(['100 גרם: אזל מהמלאי', '250 גרם: 12']))
  })

  it("shows a package's count", async () => {
    fakeApi({
      'GET /api/packages': () =>
        page([makePackage({ stock: 2 }), makePackage({ _id: 'p2', name: 'מארז ב', stock: null })]),
    })
    renderWithProviders(<PackagesTable onAdd={vi.fn()} onEdit={vi.fn()} />)
    const table = await screen.findByRole('table', { name: 'מארזים' })
    expect(within(table).getByText('ללא מעקב')).toBeInTheDocument()
    expect(within(table).getAllByRole('cell', { name: '2' }).length).toBeGreaterThan(0)
  })
})

import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, makePackage, makeProduct, page } from '../../testing/catalog-data'
import { renderWithProviders } from '../../testing/render'
import { useCartStore } from '../../stores/cart-store'
import { PackagesCatalog } from './packages-catalog'
import { ProductsCatalog } from './products-catalog'

// Issue 19: a size or package with no stock says "אזל מהמלאי" and cannot go into the cart.
const cumin = makeProduct({
  _id: '33333333-3333-4333-8333-333333333333',
  name: 'כמון טחון',
  pricing: [{ size: { sizeName: '100 גרם', sizeQuantity: 100 }, price: 12.9, stock: 0 }],
})
const berbere = makeProduct({
  pricing: [
    { size: { sizeName: '100 גרם', sizeQuantity: 100 }, price: 24.9, stock: 0 },
    { size: { sizeName: '250 גרם', sizeQuantity: 250 }, price: 34.5, stock: 1 },
  ],
})
const box = makePackage({ stock: 0 })

beforeEach(() => {
  useCartStore.setState({ lines: [] })
  fakeApi((url) => (url.pathname.endsWith('/packages') ? page([box]) : page([cumin, berbere])))
})
afterEach(() => vi.restoreAllMocks())

describe('sold-out sizes and packages', () => {
  it('shows a sold-out one-size product as "אזל מהמלאי", and its button adds nothing', async () => {
    const { user } = renderWithProviders([{ path: '/products', element: <ProductsCatalog /> }], {
      path: '/products',
    })
    const button = await screen.findByRole('button', { name: 'כמון טחון: אזל מהמלאי' })
    expect(button).toBeDisabled()
    expect(button).toHaveTextContent('אזל מהמלאי')
    expect(screen.queryByRole('button', { name: 'הוספת כמון טחון לסל' })).not.toBeInTheDocument()
    await user.click(button)
    expect(useCartStore.getState().lines).toEqual([])
  })

  it('disables the sold-out size in the purchase popup and chooses the one still for sale', async () => {
    const { user } = renderWithProviders([{ path: '/products', element: <ProductsCatalog /> }], {
      path: '/products',
    })
    await user.click(await screen.findByRole('button', { name: 'בחירת גודל והוספה לסל: ברברה' }))
    const dialog = await screen.findByRole('dialog', { name: 'הוספה לסל: ברברה' })
    const soldOut = within(dialog).getByRole('radio', { name: /^100 גרם.*אזל מהמלאי/ })
    expect(soldOut).toBeDisabled()
    expect(within(dialog).getByText('אזל מהמלאי')).toBeInTheDocument()
    expect(within(dialog).getByRole('radio', { name: /250 גרם/ })).toBeChecked()
    await user.click(within(dialog).getByRole('button', { name: /הוספה לסל/ }))
    await waitFor(() =>
      expect(useCartStore.getState().lines).toEqual([
        { itemId: berbere._id, itemType: 'Product', size: '250 גרם', price: 34.5, quantity: 1 },
      ]),
    )
  })

  it('shows a sold-out package as "אזל מהמלאי" and does not add it', async () => {
    renderWithProviders([{ path: '/packages', element: <PackagesCatalog /> }], { path: '/packages' })
    const button = await screen.findByRole('button', { name: `${box.name}: אזל מהמלאי` })
    expect(button).toBeDisabled()
    expect(screen.queryByRole('button', { name: `הוספת ${box.name} לסל` })).not.toBeInTheDocument()
  })
})

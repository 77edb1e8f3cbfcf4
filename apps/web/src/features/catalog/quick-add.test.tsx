import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, makePackage, makeProduct, page } from '../../testing/catalog-data'
import { renderWithProviders } from '../../testing/render'
import { useCartStore } from '../../stores/cart-store'
import { PackagesCatalog } from './packages-catalog'
import { ProductsCatalog } from './products-catalog'

const cumin = makeProduct({
  _id: '33333333-3333-4333-8333-333333333333',
  name: 'כמון טחון',
  pricing: [{ size: { sizeName: '100 גרם', sizeQuantity: 100 }, price: 12.9 }],
})
const berbere = makeProduct() // two sizes
const box = makePackage()

beforeEach(() => {
  useCartStore.setState({ lines: [] })
  fakeApi((url) => (url.pathname.endsWith('/packages') ? page([box]) : page([cumin, berbere])))
})
afterEach(() => vi.restoreAllMocks())

describe('quick add to cart from the shop list', () => {
  it('adds a one-size product with one press, and stays on the list', async () => {
    const { user, router } = renderWithProviders([{ path: '/products', element: <ProductsCatalog /> }], {
      path: '/products',
    })
    await user.click(await screen.findByRole('button', { name: 'הוספת כמון טחון לסל' }))
    expect(useCartStore.getState().lines).toEqual([
      { itemId: cumin._id, itemType: 'Product', size: '100 גרם', price: 12.9, quantity: 1 },
    ])
    expect(await screen.findByText('נוסף לסל הקניות')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/products')
  })

  it('opens the size picker for a product with several sizes', async () => {
    const { user } = renderWithProviders([{ path: '/products', element: <ProductsCatalog /> }], {
      path: '/products',
    })
    expect(screen.queryByRole('button', { name: 'הוספת ברברה לסל' })).not.toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: 'בחירת גודל והוספה לסל: ברברה' }))
    const dialog = await screen.findByRole('dialog', { name: 'הוספה לסל: ברברה' })
    await user.click(within(dialog).getByRole('radio', { name: /250 גרם/ }))
    await user.click(within(dialog).getByRole('button', { name: /הוספה לסל/ }))
    await waitFor(() =>
      expect(useCartStore.getState().lines).toEqual([
        { itemId: berbere._id, itemType: 'Product', size: '250 גרם', price: 34.5, quantity: 1 },
      ]),
    )
  })

  it('adds a package with one press', async () => {
    const { user } = renderWithProviders([{ path: '/packages', element: <PackagesCatalog /> }], {
      path: '/packages',
    })
    await user.click(await screen.findByRole('button', { name: 'הוספת מארז מיסיר ווט לסל' }))
    expect(useCartStore.getState().lines).toEqual([
      { itemId: box._id, itemType: 'Package', size: 'package', price: 69, quantity: 1 },
    ])
  })
})

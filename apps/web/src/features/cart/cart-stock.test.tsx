import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useCartStore } from '../../stores/cart-store'
import { useCartUiStore } from '../../stores/cart-ui-store'
import { fakeApi, makePackage, makeProduct, notFound, ok } from '../../testing/catalog-data'
import { renderWithProviders } from '../../testing/render'
import { CartDrawer } from './cart-drawer'

// Issue 19: a cart line whose stock ran out meanwhile is flagged in the drawer.
const product = makeProduct({
  pricing: [
    { size: { sizeName: '100 גרם', sizeQuantity: 100 }, price: 16.9, stock: 0 },
    { size: { sizeName: '250 גרם', sizeQuantity: 250 }, price: 34.5, stock: 1 },
  ],
})
const pack = makePackage({ stock: null })

beforeEach(() => {
  useCartUiStore.setState({ isOpen: true })
  fakeApi(async (url) => {
    if (url.pathname === `/api/products/${product._id}`) return ok(product)
    if (url.pathname === `/api/packages/${pack._id}`) return ok(pack)
    return notFound()
  })
})
afterEach(() => vi.restoreAllMocks())

describe('cart drawer and stock', () => {
  it('flags a sold-out size and a line asking for more than is left; an untracked line is not flagged', async () => {
    useCartStore.setState({
      lines: [
        { itemId: product._id, itemType: 'Product', size: '100 גרם', price: 16.9, quantity: 1 },
        { itemId: product._id, itemType: 'Product', size: '250 גרם', price: 34.5, quantity: 3 },
        { itemId: pack._id, itemType: 'Package', size: 'package', price: 69, quantity: 5 },
      ],
    })
    renderWithProviders([{ path: '/', element: <CartDrawer /> }])
    const drawer = await screen.findByRole('dialog', { name: 'סל הקניות' })
    const rows = await within(drawer).findAllByRole('listitem')
    await within(rows[0]!).findByText('אזל מהמלאי')
    expect(rows[1]).toHaveTextContent('נותרו 1 בלבד')
    await within(rows[2]!).findByText(pack.name)
    expect(rows[2]).not.toHaveTextContent('אזל מהמלאי')
    expect(rows[2]).not.toHaveTextContent('נותרו')
  })
})

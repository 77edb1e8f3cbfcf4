import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useCartStore } from '../../stores/cart-store'
import { useCartUiStore } from '../../stores/cart-ui-store'
import { fakeApi, makePackage, makeProduct, notFound, ok } from '../../testing/catalog-data'
import { renderWithProviders } from '../../testing/render'
import { expectShopPrices } from '../../testing/price-format'
import { CartDrawer } from './cart-drawer'

const product = makeProduct()
const pack = makePackage()
const MISSING_ID = '33333333-3333-4333-8333-333333333333'

let requests: URL[] = []
let releaseProduct: () => void = () => {}

beforeEach(() => {
  useCartUiStore.setState({ isOpen: true })
  useCartStore.setState({ lines: [] })
  const productGate = new Promise<void>((resolve) => (releaseProduct = resolve))
  requests = fakeApi(async (url) => {
    if (url.pathname === `/api/products/${product._id}`) {
      await productGate
      return ok(product)
    }
    if (url.pathname === `/api/packages/${pack._id}`) return ok(pack)
    return notFound()
  })
})
afterEach(() => vi.restoreAllMocks())

function renderDrawer() {
  return renderWithProviders([
    { path: '/', element: <CartDrawer /> },
    { path: '/checkout', element: <p>checkout page</p> },
  ])
}

describe('cart drawer', () => {
  it('shows a placeholder, then the loaded rows with links, size, line totals and the subtotal', async () => {
    useCartStore.setState({
      lines: [
        { itemId: product._id, itemType: 'Product', size: '100 גרם', price: 16.9, quantity: 2 },
        { itemId: product._id, itemType: 'Product', size: '250 גרם', price: 34.5, quantity: 1 },
        { itemId: pack._id, itemType: 'Package', size: 'package', price: 69, quantity: 1 },
      ],
    })
    renderDrawer()
    const drawer = await screen.findByRole('dialog', { name: 'סל הקניות' })
    // The package has arrived; both sizes of the product still wait for their one request.
    expect(await within(drawer).findByRole('link', { name: 'מארז מיסיר ווט' })).toBeInTheDocument()
    expect(within(drawer).getAllByRole('status', { name: 'טוען פריט…' })).toHaveLength(2)

    act(() => releaseProduct())
    const productLinks = await within(drawer).findAllByRole('link', { name: 'ברברה' })
    expect(productLinks.map((link) => link.getAttribute('href'))).toEqual([
      `/products/${product._id}`,
      `/products/${product._id}`,
    ])
    expect(within(drawer).getByRole('link', { name: 'מארז מיסיר ווט' })).toHaveAttribute(
      'href',
      `/packages/${pack._id}`,
    )
    expect(within(drawer).getByText('גודל: 250 גרם')).toBeInTheDocument()
    // A package has no size: it says what it is, never "גודל: מארז" (issue 35).
    expect(within(drawer).getByText('מארז', { exact: true })).toBeInTheDocument()
    expect(within(drawer).queryByText('גודל: מארז')).toBeNull()
    // Each line shows its total, with the unit price beside the quantity as the small print.
    const rows = within(within(drawer).getByRole('list', { name: 'סל הקניות' })).getAllByRole('listitem')
    expect(rows[0]).toHaveTextContent('33.80 ₪')
    expect(within(rows[0]!).getByText('33.80 ₪')).toHaveClass('font-semibold')
    expect(rows[0]).toHaveTextContent('2 × 16.90 ₪')
    expect(rows[1]).toHaveTextContent('1 × 34.50 ₪')
    expect(within(rows[2]!).getByText('69.00 ₪', { selector: '.font-semibold' })).toBeInTheDocument()
    expect(rows[2]).toHaveTextContent('1 × 69.00 ₪')
    // 2 × 16.90 + 34.50 + 69 = 137.30, without shipping: the drawer's sum is a subtotal, never "סה״כ לתשלום".
    expect(within(drawer).getByText('סכום ביניים').parentElement).toHaveTextContent('137.30 ₪')
    expect(within(drawer).queryByText('סה״כ לתשלום')).not.toBeInTheDocument()
    // 3 lines × (total + unit price) + the subtotal, all in the shop's one form.
    expect(expectShopPrices(drawer)).toHaveLength(7)
    expect(within(drawer).getByText('דמי המשלוח יחושבו בשלב התשלום.')).toBeInTheDocument()
    // Two sizes of one product share one request.
    expect(requests.filter((url) => url.pathname === `/api/products/${product._id}`)).toHaveLength(1)
  })

  it('adds one with plus, takes one with minus, and removes the line with minus at 1', async () => {
    useCartStore.setState({
      lines: [{ itemId: pack._id, itemType: 'Package', size: 'package', price: 69, quantity: 1 }],
    })
    const { user } = renderDrawer()
    const plus = await screen.findByRole('button', { name: 'הוספת אחד למארז מיסיר ווט' })
    await user.click(plus)
    expect(useCartStore.getState().lines[0]?.quantity).toBe(2)
    await user.click(screen.getByRole('button', { name: 'הפחתת אחד ממארז מיסיר ווט' }))
    expect(useCartStore.getState().lines[0]?.quantity).toBe(1)
    await user.click(screen.getByRole('button', { name: 'הפחתת אחד ממארז מיסיר ווט' }))
    expect(useCartStore.getState().lines).toEqual([])
    expect(screen.getByText('הסל ריק — זה הזמן למלא אותו בטעמים.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'למעבר לתשלום' })).toBeDisabled()
  })

  it('shows "item not found" with price, size and quantity for a missing item, and removes it', async () => {
    useCartStore.setState({
      lines: [{ itemId: MISSING_ID, itemType: 'Product', size: '500 גרם', price: 12.5, quantity: 3 }],
    })
    const { user } = renderDrawer()
    const drawer = await screen.findByRole('dialog')
    expect(await within(drawer).findByText('הפריט לא נמצא')).toBeInTheDocument()
    expect(within(drawer).getByRole('alert')).toHaveTextContent('לא הצלחנו לטעון חלק מהפריטים')
    const row = within(drawer).getByText('הפריט לא נמצא').parentElement
    expect(row).toHaveTextContent('12.50 ₪')
    expect(row).toHaveTextContent('גודל: 500 גרם')
    expect(row).toHaveTextContent('כמות: 3')

    await user.click(within(drawer).getByRole('button', { name: 'הסרת הפריט מהסל' }))
    expect(useCartStore.getState().lines).toEqual([])
  })

  it('goes to checkout and closes; continue shopping links to the shop', async () => {
    useCartStore.setState({
      lines: [{ itemId: pack._id, itemType: 'Package', size: 'package', price: 69, quantity: 1 }],
    })
    const { user, router } = renderDrawer()
    const drawer = await screen.findByRole('dialog')
    expect(within(drawer).getByRole('link', { name: 'להמשך קניות' })).toHaveAttribute('href', '/products')
    await user.click(within(drawer).getByRole('button', { name: 'למעבר לתשלום' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'))
    expect(useCartUiStore.getState().isOpen).toBe(false)
  })
})

import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { RestoredCart } from '@tavlin/contracts'
import { fail, fakeApi, ok } from '../../testing/fake-api'
import { renderWithProviders } from '../../testing/render'
import { useCartStore } from '../../stores/cart-store'
import { CartRestoreView } from './cart-restore-view'

// A cart reminder's link (issue 36, decision 282): opening it shows the left order at today's
// prices and what is left out; only the button fills the cart and uses the link.
beforeEach(() => useCartStore.setState({ lines: [] }))
afterEach(() => vi.restoreAllMocks())

const TOKEN = '0f8fad5b-d9cb-469f-a165-70867728950e.c2VjcmV0LXNlY3JldC0x.bWFj-bWFj-bWFj-bWFj-bWFj'
const CART: RestoredCart = {
  orderNumber: 'TV-1042',
  expiresAt: '2026-12-31T10:00:00.000Z',
  items: [
    {
      itemId: 'p1',
      itemType: 'Product',
      name: 'פפריקה מתוקה',
      image: '',
      size: '100 גרם',
      quantity: 2,
      price: 29.9,
      previousPrice: 24.9,
    },
    {
      itemId: 'k1',
      itemType: 'Package',
      name: 'מארז שקשוקה',
      image: '',
      size: 'package',
      quantity: 1,
      price: 120,
      previousPrice: 120,
    },
  ],
  leftOut: [
    { name: 'כמון', size: '250 גרם', quantity: 1, restored: 0, reason: 'sold-out' },
    { name: 'פפריקה מתוקה', size: '100 גרם', quantity: 3, restored: 2, reason: 'fewer' },
  ],
}

function open(routes: Parameters<typeof fakeApi>[0], path = `/cart/restore#${TOKEN}`) {
  const api = fakeApi(routes)
  return { api, ...renderWithProviders(<CartRestoreView />, { path }) }
}

describe('the cart restore page', () => {
  it("shows today's prices and what is left out, and fills the cart only on the button", async () => {
    useCartStore.setState({
      lines: [{ itemId: 'p1', itemType: 'Product', size: '100 גרם', quantity: 5, price: 24.9 }],
    })
    const { api, user } = open({
      'POST /api/cart-reminders/preview': () => ok(CART),
      'POST /api/cart-reminders/restore': () => ok(CART),
    })
    expect(
      await screen.findByText(
        'אלה המוצרים מההזמנה TV-1042 שלא שולמה, במחירים של היום. בלחיצה על הכפתור הם יחזרו לסל.',
      ),
    ).toBeInTheDocument()
    const paprika = screen.getByText('פפריקה מתוקה (100 גרם) × 2').closest('li')!
    expect(paprika).toHaveTextContent('29.90 ₪')
    expect(paprika).toHaveTextContent('במקום 24.90 ₪')
    expect(screen.getByText('מארז שקשוקה (מארז) × 1').closest('li')).not.toHaveTextContent('במקום')
    expect(screen.getByText('כמון (250 גרם): אזל מהמלאי.')).toBeInTheDocument()
    expect(
      screen.getByText('פפריקה מתוקה (100 גרם): נשארו במלאי רק 2 מתוך 3, והן הוחזרו לסל.'),
    ).toBeInTheDocument()
    expect(api.callsTo('POST', '/api/cart-reminders/restore')).toHaveLength(0)
    expect(useCartStore.getState().lines).toHaveLength(1)

    await user.click(screen.getByRole('button', { name: 'החזרת המוצרים לסל' }))
    expect(await screen.findByRole('status')).toHaveTextContent('המוצרים חזרו לסל')
    expect(api.callsTo('POST', '/api/cart-reminders/restore')[0]!.body).toEqual({ token: TOKEN })
    // A line already in the cart keeps its larger quantity, at today's price.
    expect(useCartStore.getState().lines).toEqual([
      { itemId: 'p1', itemType: 'Product', size: '100 גרם', quantity: 5, price: 29.9 },
      { itemId: 'k1', itemType: 'Package', size: 'package', quantity: 1, price: 120 },
    ])
    expect(screen.getByRole('link', { name: 'המשך לקופה' })).toHaveAttribute('href', '/checkout')
  })

  it.each([
    [410, 'LINK_EXPIRED', 'תוקף הקישור פג'],
    [409, 'LINK_USED', 'הקישור כבר שימש'],
    [400, 'LINK_INVALID', 'הקישור אינו תקין'],
  ])('answers a %s %s with its own Hebrew page and no button', async (status, code, title) => {
    open({ 'POST /api/cart-reminders/preview': () => fail(status, code) })
    expect(await screen.findByRole('alert')).toHaveTextContent(title)
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })

  it('tells a link used meanwhile on another device when the button is pressed, and fills nothing', async () => {
    const { user } = open({
      'POST /api/cart-reminders/preview': () => ok(CART),
      'POST /api/cart-reminders/restore': () => fail(409, 'LINK_USED'),
    })
    await user.click(await screen.findByRole('button', { name: 'החזרת המוצרים לסל' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('המוצרים כבר הוחזרו לסל בעזרת הקישור הזה')
    expect(useCartStore.getState().lines).toEqual([])
  })

  it('asks nothing of the server for an address without a token', async () => {
    const { api } = open({}, '/cart/restore')
    expect(await screen.findByRole('alert')).toHaveTextContent('הקישור אינו תקין')
    expect(api.calls).toHaveLength(0)
  })
})

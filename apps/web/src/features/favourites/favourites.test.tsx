import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Favourite } from '@tavlin/contracts'
import { useAuthStore } from '../auth/auth-store'
import { useCartStore } from '../../stores/cart-store'
import { useFavouritesStore } from '../../stores/favourites-store'
import { fakeOidc } from '../../testing/fake-oidc-client'
import { fail, ok, productFixture } from '../../testing/fake-api'
import { renderApp } from '../../testing/render'
import { CUMIN, SAFFRON, accountApi, signedIn } from '../../testing/account-data'

// The edge of the system: the OIDC library and the network. Pages, api client, stores run for real.
vi.mock('oidc-client-ts', () => import('../../testing/fake-oidc-client'))

const cumin = productFixture(CUMIN, 'כמון', 12)
const products = { items: [cumin], currentPage: 1, totalPages: 1, totalItems: 1 }
const favourite = (overrides: Partial<Favourite>): Favourite => ({
  itemId: CUMIN,
  itemType: 'Product',
  name: 'כמון',
  image: `/uploads/${CUMIN}.webp`,
  sizes: [{ size: '100 גרם', price: 13.5, stock: null }],
  addedAt: '2026-12-01T10:00:00.000Z',
  ...overrides,
})
const saffron = favourite({
  itemId: SAFFRON,
  name: 'זעפרן',
  sizes: [
    { size: '1 גרם', price: 30, stock: 2 },
    { size: '5 גרם', price: 120, stock: 0 },
  ],
})
const stored = () => JSON.parse(localStorage.getItem('favourites-storage') ?? 'null')?.state

beforeEach(() => {
  fakeOidc.reset()
  useAuthStore.reset()
  useCartStore.setState({ lines: [] })
  useFavouritesStore.setState({ items: [], owner: null })
})
afterEach(() => vi.restoreAllMocks())

describe('the heart for a guest', () => {
  it('marks and unmarks a product in this browser only, saying which product it is', async () => {
    const api = accountApi({ 'GET /api/products': () => ok(products) })
    const { user } = renderApp('/products')
    const heart = await screen.findByRole('button', { name: 'הוספה למועדפים: כמון' })
    expect(heart).toHaveAttribute('aria-pressed', 'false')
    await user.click(heart)
    const pressed = screen.getByRole('button', { name: 'הסרה מהמועדפים: כמון' })
    expect(pressed).toHaveAttribute('aria-pressed', 'true')
    expect(stored()).toEqual({ items: [{ itemId: CUMIN, itemType: 'Product' }], owner: null })
    await user.click(pressed)
    expect(screen.getByRole('button', { name: 'הוספה למועדפים: כמון' })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
    expect(stored().items).toEqual([])
    expect(api.calls.filter((call) => call.path.startsWith('/api/account/favourites'))).toEqual([])
  })

  it("leaves nothing of a signed-out account's list in the browser", async () => {
    useFavouritesStore.setState({ items: [{ itemId: CUMIN, itemType: 'Product' }], owner: 'shopper-1' })
    accountApi({ 'GET /api/products': () => ok(products) })
    renderApp('/products')
    expect(await screen.findByRole('button', { name: 'הוספה למועדפים: כמון' })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
    expect(useFavouritesStore.getState()).toMatchObject({ items: [], owner: null })
  })
})

describe('the heart for a signed-in shopper', () => {
  it("merges the guest's hearts at sign-in and lists them in /account with today's price and stock", async () => {
    useFavouritesStore.setState({ items: [{ itemId: CUMIN, itemType: 'Product' }], owner: null })
    signedIn()
    const api = accountApi({
      'POST /api/account/favourites/merge': () => ok({ items: [saffron, favourite({})] }),
      'GET /api/account/favourites': () => ok({ items: [saffron, favourite({})] }),
      'DELETE /api/account/favourites/:type/:id': () => ok({ items: [favourite({})] }),
    })
    const { user } = renderApp('/account')
    const section = await screen.findByRole('region', { name: 'מועדפים' }, { timeout: 5000 })
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/account/favourites/merge')[0]?.body).toEqual({
        items: [{ itemId: CUMIN, itemType: 'Product' }],
      }),
    )
    await waitFor(() => expect(useFavouritesStore.getState().owner).toBe('shopper-1'))
    expect(await within(section).findByRole('link', { name: 'זעפרן' })).toHaveAttribute(
      'href',
      `/products/${SAFFRON}/info`,
    )
    expect(within(section).getByText('נותרו 2 בלבד')).toBeInTheDocument()
    expect(within(section).getByText('אזל מהמלאי')).toBeInTheDocument()
    expect(within(section).getByRole('button', { name: 'הוספה לסל: זעפרן, 5 גרם' })).toBeDisabled()

    await user.click(within(section).getByRole('button', { name: 'הוספה לסל: כמון, 100 גרם' }))
    expect(useCartStore.getState().lines).toEqual([
      { itemId: CUMIN, itemType: 'Product', size: '100 גרם', price: 13.5, quantity: 1 },
    ])

    await user.click(within(section).getByRole('button', { name: 'הסרה מהמועדפים: זעפרן' }))
    await waitFor(() =>
      expect(api.callsTo('DELETE', `/api/account/favourites/Product/${SAFFRON}`)).toHaveLength(1),
    )
    expect(within(section).queryByRole('link', { name: 'זעפרן' })).not.toBeInTheDocument()
  })

  it('undoes the press with a Hebrew message when the product is no longer sold (404)', async () => {
    signedIn()
    const api = accountApi({
      'GET /api/products': () => ok(products),
      'PUT /api/account/favourites/:type/:id': () => fail(404, 'NOT_FOUND'),
    })
    const { user } = renderApp('/products')
    await waitFor(() => expect(api.callsTo('GET', '/api/account/favourites')).toHaveLength(1))
    await waitFor(() => expect(useFavouritesStore.getState().owner).toBe('shopper-1'))
    await user.click(await screen.findByRole('button', { name: 'הוספה למועדפים: כמון' }))
    expect(await screen.findByText('כמון כבר לא נמכר בחנות, ולכן לא נשמר במועדפים.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'הוספה למועדפים: כמון' })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
    expect(api.callsTo('PUT', `/api/account/favourites/Product/${CUMIN}`)).toHaveLength(1)
    expect(useFavouritesStore.getState().items).toEqual([])
  })
})

import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import translations from '../../../public/locales/he/translation.json'
import { useAuthStore } from '../auth/auth-store'
import { useCartStore } from '../../stores/cart-store'
import { useCartUiStore } from '../../stores/cart-ui-store'
import { fakeOidc } from '../../testing/fake-oidc-client'
import { fail, ok } from '../../testing/fake-api'
import { renderApp } from '../../testing/render'
import { CUMIN, ORDER_ID, SAFFRON, accountApi, profile, signedIn } from '../../testing/account-data'

// The edge of the system: the OIDC library and the network. Page, api client, stores run for real.
vi.mock('oidc-client-ts', () => import('../../testing/fake-oidc-client'))

const T = translations.account

beforeEach(() => {
  fakeOidc.reset()
  sessionStorage.clear()
  useAuthStore.reset()
  useCartStore.setState({ lines: [] })
  useCartUiStore.setState({ isOpen: false })
})
afterEach(() => {
  vi.restoreAllMocks()
})

// The sections load in a second step after the page (account-page.tsx).
const section = (name: string) => screen.findByRole('region', { name }, { timeout: 5000 })

describe('/account for a signed-out visitor', () => {
  it('sends them to sign in, to come back to the same address', async () => {
    accountApi()
    renderApp('/account#orders')
    await waitFor(() => expect(fakeOidc.signinRedirect).toHaveBeenCalled())
    expect(fakeOidc.signinRedirect.mock.calls[0]?.[0]).toMatchObject({
      state: { returnTo: '/account#orders' },
    })
    expect(screen.queryByRole('region', { name: T.orders.title })).not.toBeInTheDocument()
  })
})

describe('ההזמנות שלי', () => {
  it('lists the orders with number, date, status, lines, totals, delivery method and receipt', async () => {
    signedIn()
    accountApi()
    renderApp('/account')
    const orders = await section(T.orders.title)
    const card = await within(orders).findByRole('article', { name: 'הזמנה TV-1042' })
    expect(within(card).getByText(/נשלחה/)).toBeInTheDocument()
    expect(within(card).getByText(/20 בנוב׳ 2026|20 בנובמבר 2026/)).toBeInTheDocument()
    expect(within(card).getByText('כמון · 100g × 2')).toBeInTheDocument()
    expect(within(card).getByText('הנחה (קופון WELCOME10)')).toBeInTheDocument()
    expect(within(card).getByText('משלוח: איסוף עצמי')).toBeInTheDocument()
    expect(within(card).getByText('חינם')).toBeInTheDocument()
    expect(within(card).getByRole('link', { name: T.orders.receipt })).toHaveAttribute(
      'href',
      'https://receipts.example.test/r/1042',
    )
    expect(within(card).getByRole('link', { name: 'הזמנה TV-1042' })).toHaveAttribute(
      'href',
      `/account/orders/${ORDER_ID}`,
    )
    // Issue 41: the courier, the number isolated left to right, the courier's page in a new tab.
    const tracking = within(card).getByRole('region', { name: 'מעקב משלוח' })
    expect(within(tracking).getByText('דואר ישראל')).toBeInTheDocument()
    expect(within(tracking).getByText('RR123456789IL').tagName).toBe('BDI')
    const courierPage = within(tracking).getByRole('link', { name: /מעקב באתר דואר ישראל/ })
    expect(courierPage).toHaveAttribute(
      'href',
      'https://mypost.israelpost.co.il/itemtrace?itemcode=RR123456789IL',
    )
    expect(courierPage).toHaveAttribute('target', '_blank')
    expect(courierPage).toHaveAttribute('rel', 'noopener noreferrer')
  })

  it("orders again: today's lines into the cart, the skipped line and the changed price said, the cart opened", async () => {
    signedIn()
    const api = accountApi({
      'POST /api/account/orders/:id/reorder': () =>
        ok({
          lines: [
            {
              itemId: CUMIN,
              itemType: 'Product',
              size: '100g',
              name: 'כמון',
              quantity: 2,
              price: 14,
              previousPrice: 12,
            },
          ],
          skipped: [{ itemId: SAFFRON, itemType: 'Product', size: '1g', name: 'זעפרן', reason: 'sold_out' }],
        }),
    })
    const { user } = renderApp('/account')
    const orders = await section(T.orders.title)
    await user.click(await within(orders).findByRole('button', { name: T.orders.reorder }))

    await waitFor(() =>
      expect(useCartStore.getState().lines).toEqual([
        { itemId: CUMIN, itemType: 'Product', size: '100g', quantity: 2, price: 14 },
      ]),
    )
    expect(useCartUiStore.getState().isOpen).toBe(true)
    expect(api.callsTo('POST', `/api/account/orders/${ORDER_ID}/reorder`)).toHaveLength(1)
    expect(screen.getByText('פריט אחד נוסף לסל במחיר של היום.')).toBeInTheDocument()
    expect(screen.getByText('זעפרן (1g) לא נוסף: אזל מהמלאי.')).toBeInTheDocument()
    expect(
      screen.getByText(/המחיר של כמון \(100g\) השתנה: היה .*12\.00.*, היום .*14\.00/),
    ).toBeInTheDocument()
  })

  it('says "not found" for an order the API does not show this shopper (404)', async () => {
    signedIn()
    accountApi({ 'GET /api/account/orders/:id': () => fail(404, 'NOT_FOUND') })
    renderApp(`/account/orders/${ORDER_ID}`)
    expect(await screen.findByText(T.orders.notFound)).toBeInTheDocument()
  })
})

describe('מחיקת החשבון', () => {
  it('confirms (orders stay, details masked), deletes, signs out here and goes home, where it says so', async () => {
    signedIn()
    const api = accountApi({
      'DELETE /api/account': () => ok({ deleted: true, ordersMasked: 1, ordersKept: 0 }),
    })
    act(() => {
      useCartStore.setState({
        lines: [{ itemId: CUMIN, itemType: 'Product', size: '100g', quantity: 1, price: 12 }],
      })
    })
    const { user, router } = renderApp('/account')
    const remove = await section(T.delete.title)
    await user.click(within(remove).getByRole('button', { name: T.delete.button }))
    const dialog = await screen.findByRole('alertdialog', { name: T.delete.confirmTitle })
    expect(within(dialog).getByText(T.delete.confirmText)).toBeInTheDocument()
    // No order on its way: nothing more to say.
    expect(dialog).not.toHaveTextContent('עוד לא נמסר')
    await user.click(within(dialog).getByRole('button', { name: T.delete.confirm }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(await screen.findByText(T.delete.done)).toBeInTheDocument()
    expect(api.callsTo('DELETE', '/api/account')).toHaveLength(1)
    expect(useAuthStore.getState().status).toBe('signedOut')
    expect(
      await within(screen.getByRole('banner')).findByRole('button', { name: translations.auth.login }),
    ).toBeInTheDocument()
    expect(useCartStore.getState().lines).toHaveLength(1)
  })

  it('says before deleting that orders not yet delivered keep their delivery details until they are', async () => {
    signedIn()
    let openOrders = 1
    const api = accountApi({ 'GET /api/account': () => ok(profile({ openOrders })) })
    const { user } = renderApp('/account')
    const remove = await section(T.delete.title)
    // An order placed since the page loaded is counted when the confirmation opens.
    openOrders = 2
    await user.click(within(remove).getByRole('button', { name: T.delete.button }))
    const dialog = await screen.findByRole('alertdialog', {
      name: T.delete.confirmTitle,
      description: /יש לך שתי הזמנות שעוד לא נמסרו/,
    })
    expect(dialog).toHaveTextContent(
      'יש לך שתי הזמנות שעוד לא נמסרו. השם, הכתובת והטלפון שבהן יישמרו כדי שנוכל למסור אותן, ויוסתרו כשיימסרו או יבוטלו.',
    )
    await user.click(within(dialog).getByRole('button', { name: T.delete.cancel }))
    expect(api.callsTo('DELETE', '/api/account')).toHaveLength(0)
  })
})

import { act, screen, waitFor, within } from '@testing-library/react'
import { z } from 'zod'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import translations from '../../../public/locales/he/translation.json'
import { apiClient } from '../../lib/api-client'
import { useCartStore } from '../../stores/cart-store'
import {
  configResponse,
  identityAnswer,
  fakeOidc,
  fakeUser,
  storeSessionHint,
  type FakeUser,
} from '../../testing/fake-oidc-client'
import { renderApp } from '../../testing/render'
import { useAuthStore } from './auth-store'
import { SESSION_HINT_KEY } from './auth-common'

// The edge of the system: the OIDC library and the network. The app (layout, header,
// router, guard, store, API client) runs for real.
vi.mock('oidc-client-ts', () => import('../../testing/fake-oidc-client'))
const fetchMock = vi.fn<typeof fetch>()

const { login: LOGIN, adminLink: ADMIN_LINK } = translations.auth
const MENU = translations.account.menu
/** The signed-in person's menu button: the ID token's first name, else the e-mail (fakeUser has only that). */
const LOGOUT = 'cook@example.com'

beforeEach(() => {
  fakeOidc.reset()
  sessionStorage.clear()
  fetchMock.mockReset()
  fetchMock.mockImplementation(async (input) => identityAnswer(input))
  vi.stubGlobal('fetch', fetchMock)
  useAuthStore.reset()
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/** A page load with a stored session for `user`. */
function withStoredSession(user: FakeUser) {
  storeSessionHint()
  fakeOidc.storedUser = user
  useAuthStore.reset()
}

describe('header account slot and admin link', () => {
  it('offers sign-in to a visitor without loading the OIDC library', async () => {
    // A page that fetches nothing itself, so every request would be the auth's.
    renderApp('/about')
    const banner = await screen.findByRole('banner')
    expect(within(banner).getByRole('button', { name: LOGIN })).toBeEnabled()
    expect(within(banner).queryByRole('link', { name: ADMIN_LINK })).not.toBeInTheDocument()
    expect(fakeOidc.managers).toHaveLength(0)
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('shows a spinner while a stored session is being restored', async () => {
    withStoredSession(fakeUser(['Admin']))
    let release: () => void = () => {}
    fetchMock.mockImplementationOnce(
      () => new Promise((resolve) => (release = () => resolve(configResponse()))),
    )
    renderApp('/')
    const banner = await screen.findByRole('banner')
    expect(within(banner).getByRole('status')).toBeInTheDocument()
    expect(within(banner).queryByRole('button', { name: LOGIN })).not.toBeInTheDocument()
    await waitFor(() => expect(fetchMock).toHaveBeenCalled())
    act(() => release())
    expect(await within(banner).findByRole('button', { name: LOGOUT })).toBeInTheDocument()
  })

  it('after a browser restart shows the person the provider signs in silently, not the sign-in button', async () => {
    // Signed in here before; the tab's storage is gone, the provider's session is not.
    localStorage.setItem(SESSION_HINT_KEY, '1')
    fakeOidc.silentResult = fakeUser([])
    useAuthStore.reset()
    renderApp('/about')
    const banner = await screen.findByRole('banner')
    expect(await within(banner).findByRole('button', { name: LOGOUT })).toBeInTheDocument()
    expect(within(banner).queryByRole('button', { name: LOGIN })).not.toBeInTheDocument()
    expect(fakeOidc.silentCalls).toBe(1)
  })

  it('shows the admin link to an administrator, in the header and in the mobile menu', async () => {
    withStoredSession(fakeUser(['Admin']))
    const { user } = renderApp('/')
    const banner = await screen.findByRole('banner')
    expect(await within(banner).findByRole('link', { name: ADMIN_LINK })).toHaveAttribute('href', '/admin')
    await user.click(within(banner).getByRole('button', { name: 'פתיחת התפריט' }))
    const menu = await screen.findByRole('dialog', { name: 'תפריט' })
    expect(within(menu).getByRole('link', { name: ADMIN_LINK })).toHaveAttribute('href', '/admin')
    expect(within(menu).getByRole('button', { name: LOGOUT })).toBeInTheDocument()
  })

  it('hides the admin link from a signed-in customer', async () => {
    withStoredSession(fakeUser([]))
    renderApp('/')
    const banner = await screen.findByRole('banner')
    expect(await within(banner).findByRole('button', { name: LOGOUT })).toBeInTheDocument()
    expect(within(banner).queryByRole('link', { name: ADMIN_LINK })).not.toBeInTheDocument()
  })

  it('signs in through the popup; the admin link appears', async () => {
    vi.spyOn(window, 'open').mockReturnValue({ close: vi.fn() } as unknown as Window)
    fakeOidc.popupResult = fakeUser(['Admin'])
    const { user } = renderApp('/products')
    const banner = await screen.findByRole('banner')
    await user.click(within(banner).getByRole('button', { name: LOGIN }))
    expect(await within(banner).findByRole('link', { name: ADMIN_LINK })).toBeInTheDocument()
  })

  it('refuses a sign-in to another organization with a Hebrew toast', async () => {
    fetchMock.mockImplementation(async (input) =>
      identityAnswer(input, { audienceParameter: 'audience', organization: 'org_abc123' }),
    )
    vi.spyOn(window, 'open').mockReturnValue({ close: vi.fn() } as unknown as Window)
    fakeOidc.popupResult = fakeUser(['Admin'])
    const { user } = renderApp('/products')
    const banner = await screen.findByRole('banner')
    await user.click(within(banner).getByRole('button', { name: LOGIN }))
    expect(
      await screen.findByText('החשבון הזה אינו שייך לארגון של החנות. נא להתחבר עם חשבון הארגון.'),
    ).toBeInTheDocument()
    expect(within(banner).getByRole('button', { name: LOGIN })).toBeInTheDocument()
    expect(within(banner).queryByRole('link', { name: ADMIN_LINK })).not.toBeInTheDocument()
  })

  it('says so when the browser blocks the popup', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null)
    const { user } = renderApp('/')
    await user.click(within(await screen.findByRole('banner')).getByRole('button', { name: LOGIN }))
    expect(await screen.findByText(translations.auth.popupBlocked)).toBeInTheDocument()
  })

  it("shows a shopper's first name with a menu of the account, the orders and sign-out", async () => {
    withStoredSession(
      fakeUser([], { profile: { sub: 'u2', email: 'dana@example.com', given_name: 'דנה', name: 'דנה לוי' } }),
    )
    const { user } = renderApp('/about')
    const banner = await screen.findByRole('banner')
    await user.click(await within(banner).findByRole('button', { name: 'דנה' }))
    const menu = await screen.findByRole('menu')
    expect(within(menu).getByRole('menuitem', { name: MENU.account })).toHaveAttribute('href', '/account')
    expect(within(menu).getByRole('menuitem', { name: MENU.orders })).toHaveAttribute(
      'href',
      '/account#orders',
    )
    expect(within(menu).getByRole('menuitem', { name: MENU.logout })).toBeInTheDocument()
    expect(within(banner).queryByRole('link', { name: ADMIN_LINK })).not.toBeInTheDocument()
  })

  it('falls back to the name, then the e-mail, when the token has no first name', async () => {
    withStoredSession(fakeUser([], { profile: { sub: 'u3', email: 'x@example.com', name: 'יוסי כהן' } }))
    renderApp('/about')
    expect(
      await within(await screen.findByRole('banner')).findByRole('button', { name: 'יוסי כהן' }),
    ).toBeInTheDocument()
  })

  it('signs out through the provider from the menu', async () => {
    withStoredSession(fakeUser(['Admin']))
    const { user } = renderApp('/')
    const banner = await screen.findByRole('banner')
    await user.click(await within(banner).findByRole('button', { name: LOGOUT }))
    await user.click(await screen.findByRole('menuitem', { name: MENU.logout }))
    await waitFor(() => expect(fakeOidc.signoutRedirect).toHaveBeenCalled())
    expect(within(banner).getByRole('button', { name: LOGIN })).toBeInTheDocument()
  })
})

describe('/admin guard', () => {
  it('opens the admin area for an administrator', async () => {
    withStoredSession(fakeUser(['Admin']))
    renderApp('/admin')
    const main = await screen.findByRole('main')
    expect(await within(main).findByRole('heading', { level: 1, name: 'לוח ניהול' })).toBeInTheDocument()
  })

  it("shows a spinner while auth loads, then the admin area's sign-in, which asks for ui_area=admin", async () => {
    let release: () => void = () => {}
    fetchMock.mockImplementationOnce(
      () => new Promise((resolve) => (release = () => resolve(configResponse()))),
    )
    vi.spyOn(window, 'open').mockReturnValue({ close: vi.fn() } as unknown as Window)
    fakeOidc.popupResult = fakeUser(['Admin'])
    const { router, user } = renderApp('/admin')
    const main = await screen.findByRole('main')
    expect(await within(main).findByRole('status')).toBeInTheDocument()
    await waitFor(() => expect(fetchMock).toHaveBeenCalled())
    act(() => release())
    expect(await within(main).findByText(translations.errors.loginRequired)).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/admin')
    expect(screen.queryByRole('heading', { name: 'לוח ניהול' })).not.toBeInTheDocument()

    await user.click(within(main).getByRole('button', { name: translations.auth.adminSignIn.button }))
    expect(await within(main).findByRole('heading', { level: 1, name: 'לוח ניהול' })).toBeInTheDocument()
    expect(fakeOidc.popupArgs.at(-1)?.extraQueryParams).toEqual({
      resource: 'urn:tavlin:api',
      ui_area: 'admin',
    })
  })

  it("the header's sign-in asks for the shop's page (no ui_area)", async () => {
    vi.spyOn(window, 'open').mockReturnValue({ close: vi.fn() } as unknown as Window)
    fakeOidc.popupResult = fakeUser([])
    const { user } = renderApp('/about')
    const banner = await screen.findByRole('banner')
    await user.click(within(banner).getByRole('button', { name: LOGIN }))
    expect(await within(banner).findByRole('button', { name: LOGOUT })).toBeInTheDocument()
    expect(fakeOidc.popupArgs.at(-1)?.extraQueryParams).toBeUndefined()
  })

  it('sends a signed-in customer to / with the unauthorised toast', async () => {
    withStoredSession(fakeUser(['Customer']))
    const { router } = renderApp('/admin')
    expect(await screen.findByText(translations.errors.unauthorized)).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
  })
})

describe('API client wiring', () => {
  it('sends the access token, and on a 401 signs out locally keeping the cart', async () => {
    withStoredSession(fakeUser(['Admin']))
    renderApp('/about')
    const banner = await screen.findByRole('banner')
    await within(banner).findByRole('button', { name: LOGOUT })
    act(() => {
      useCartStore.setState({
        lines: [{ itemId: 'p-1', itemType: 'Product', quantity: 2, size: '100g', price: 10 }],
      })
    })

    // The page's own reads (the footer's business details) may still be in flight, so only
    // this one address answers 401.
    const answerOtherwise = fetchMock.getMockImplementation()
    fetchMock.mockImplementation(async (input, init) =>
      String(input).endsWith('/api/admin/me')
        ? new Response(null, { status: 401 })
        : answerOtherwise!(input, init),
    )
    await expect(apiClient.get('/admin/me', z.unknown())).rejects.toMatchObject({ status: 401 })
    const meCall = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/api/admin/me'))
    const headers = new Headers(meCall?.[1]?.headers)
    expect(headers.get('Authorization')).toBe('Bearer token-for-Admin')

    expect(await within(banner).findByRole('button', { name: LOGIN })).toBeInTheDocument()
    expect(await screen.findByText(translations.auth.sessionEnded)).toBeInTheDocument()
    expect(useCartStore.getState().lines).toHaveLength(1)
  })

  it('replaces the sign-in return address with the path the sign-in started from', async () => {
    fakeOidc.callbackResult = { ...fakeUser([]), state: { returnTo: '/recipes' } }
    window.history.replaceState(null, '', '/?code=abc&state=xyz')
    useAuthStore.reset()
    const { router } = renderApp('/?code=abc&state=xyz')
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/recipes'),
    )
    expect(
      await within(screen.getByRole('banner')).findByRole('button', { name: LOGOUT }),
    ).toBeInTheDocument()
    window.history.replaceState(null, '', '/')
  })
})

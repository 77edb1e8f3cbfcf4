import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import type { ReactNode } from 'react'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { MemoryRouter, Route, Routes } from 'react-router'
import { ToastContainer } from 'react-toastify'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { AuthContextProps } from 'react-oidc-context'
import translations from '../../../public/locales/he/translation.json'
import { AdminGuard } from './admin-guard'
import { AdminLink } from './admin-link'
import { LoginButton } from './login-button'
import { ApiClientAuthBridge } from './use-api-client-auth'
import { IdentitySettingsContext } from './identity-settings-context'
import type { IdentitySettings } from './auth-settings'

// The edge of the system: the OIDC library. Our components run for real.
const authState: { current: Partial<AuthContextProps> } = { current: {} }
vi.mock('react-oidc-context', () => ({ useAuth: () => authState.current }))

const ROLES = 'https://tavlin.shop/roles'
const settings: IdentitySettings = {
  authority: 'http://localhost/oidc',
  clientId: 'tavlin-web',
  audience: 'urn:tavlin:api',
  rolesClaim: ROLES,
  scope: 'openid profile email offline_access',
  audienceParameter: 'resource',
}

const i18n = i18next.createInstance()
// This project runs Vitest without globals, so Testing Library cannot clean up by itself.
afterEach(cleanup)
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'he-IL',
    fallbackLng: 'he-IL',
    resources: { 'he-IL': { translation: translations } },
    interpolation: { escapeValue: false },
  })
})

function signedOut(): Partial<AuthContextProps> {
  return { isLoading: false, isAuthenticated: false, user: null, signinPopup: vi.fn().mockResolvedValue(undefined), removeUser: vi.fn() }
}
function signedIn(roles: string[]): Partial<AuthContextProps> {
  return {
    isLoading: false,
    isAuthenticated: true,
    user: { profile: { sub: 'u1', [ROLES]: roles }, access_token: 'the-access-token', expired: false } as unknown as AuthContextProps['user'],
    signoutRedirect: vi.fn().mockResolvedValue(undefined),
    removeUser: vi.fn().mockResolvedValue(undefined),
  }
}

function renderAt(path: string, ui: ReactNode) {
  return render(
    <I18nextProvider i18n={i18n}>
      <IdentitySettingsContext.Provider value={settings}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/" element={<p>דף הבית</p>} />
            <Route path="/admin" element={ui} />
            <Route path="/products" element={ui} />
          </Routes>
        </MemoryRouter>
        <ToastContainer />
      </IdentitySettingsContext.Provider>
    </I18nextProvider>,
  )
}

describe('AdminGuard', () => {
  const admin = (
    <AdminGuard>
      <h1>לוח ניהול</h1>
    </AdminGuard>
  )

  it('shows a spinner while authentication loads', () => {
    authState.current = { ...signedOut(), isLoading: true }
    renderAt('/admin', admin)
    expect(screen.getByRole('status')).toHaveTextContent(translations.auth.loading)
    expect(screen.queryByRole('heading', { name: 'לוח ניהול' })).not.toBeInTheDocument()
  })

  it('sends a signed-out visitor to / with the login-required toast', async () => {
    authState.current = signedOut()
    renderAt('/admin', admin)
    expect(await screen.findByText(translations.errors.loginRequired)).toBeInTheDocument()
    expect(screen.getByText('דף הבית')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'לוח ניהול' })).not.toBeInTheDocument()
  })

  it('sends a signed-in non-admin to / with the unauthorised toast', async () => {
    authState.current = signedIn(['Customer'])
    renderAt('/admin', admin)
    expect(await screen.findByText(translations.errors.unauthorized)).toBeInTheDocument()
    expect(screen.getByText('דף הבית')).toBeInTheDocument()
  })

  it('opens the admin area for an admin', () => {
    authState.current = signedIn(['Admin'])
    renderAt('/admin', admin)
    expect(screen.getByRole('heading', { name: 'לוח ניהול' })).toBeInTheDocument()
  })
})

describe('LoginButton and AdminLink', () => {
  const header = (
    <nav>
      <AdminLink />
      <LoginButton />
    </nav>
  )

  it('shows a spinner, not a button, while authentication loads', () => {
    authState.current = { ...signedOut(), isLoading: true }
    renderAt('/products', header)
    expect(screen.getByRole('status')).toBeInTheDocument()
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })

  it('signs in through the popup, remembering where the visitor was, and hides the admin link', async () => {
    authState.current = signedOut()
    renderAt('/products', header)
    expect(screen.queryByRole('link', { name: translations.auth.adminLink })).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: translations.auth.login }))
    expect(authState.current.signinPopup).toHaveBeenCalledWith({ state: { returnTo: window.location.pathname + window.location.search } })
  })

  it('tells the visitor when the browser blocks the popup, and stays quiet when they close it', async () => {
    const signinPopup = vi
      .fn()
      .mockRejectedValueOnce(new Error('Popup closed by user'))
      .mockRejectedValueOnce(new Error('Attempted to navigate on a disposed window'))
    authState.current = { ...signedOut(), signinPopup }
    renderAt('/products', header)
    await userEvent.click(screen.getByRole('button', { name: translations.auth.login }))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByText(translations.auth.loginFailed)).not.toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: translations.auth.login }))
    expect(await screen.findByText(translations.auth.loginFailed)).toBeInTheDocument()
  })

  it('shows the admin link and a logout button to an admin; logout goes through the provider', async () => {
    authState.current = signedIn(['Admin'])
    renderAt('/products', header)
    expect(screen.getByRole('link', { name: translations.auth.adminLink })).toHaveAttribute('href', '/admin')
    await userEvent.click(screen.getByRole('button', { name: translations.auth.logout }))
    expect(authState.current.signoutRedirect).toHaveBeenCalled()
  })

  it('hides the admin link from a signed-in non-admin', () => {
    authState.current = signedIn([])
    renderAt('/products', header)
    expect(screen.queryByRole('link', { name: translations.auth.adminLink })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: translations.auth.logout })).toBeInTheDocument()
  })
})

describe('ApiClientAuthBridge', () => {
  it('gives the API client the access token and signs out locally on a 401, leaving other storage alone', async () => {
    let tokenProvider: () => string | undefined = () => 'unset'
    let unauthorized: () => void = () => {}
    localStorage.setItem('cart-storage', '{"state":{"items":[1]}}')
    localStorage.setItem('theme', 'dark')
    authState.current = signedIn(['Admin'])
    renderAt(
      '/products',
      <ApiClientAuthBridge
        setAccessTokenProvider={(provider) => {
          tokenProvider = provider
        }}
        onUnauthorized={(handler) => {
          unauthorized = handler
        }}
      />,
    )
    expect(tokenProvider()).toBe('the-access-token')
    unauthorized()
    await waitFor(() => expect(authState.current.removeUser).toHaveBeenCalled())
    expect(localStorage.getItem('cart-storage')).toContain('items')
    expect(localStorage.getItem('theme')).toBe('dark')
  })

  it('gives no token when signed out', () => {
    let tokenProvider: () => string | undefined = () => 'unset'
    authState.current = signedOut()
    renderAt('/products', <ApiClientAuthBridge setAccessTokenProvider={(p) => (tokenProvider = p)} onUnauthorized={() => {}} />)
    expect(tokenProvider()).toBeUndefined()
  })
})

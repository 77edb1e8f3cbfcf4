import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { Outlet, UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from 'react-router'
import { renderApp, renderWithProviders } from '../testing/render'
import { RouteErrorBoundary } from './routes/route-error-boundary'

const PAGES: Array<[path: string, heading: string]> = [
  ['/about', 'אודות'],
  ['/products', 'החנות'],
  ['/products/p-1/info', 'פרטי מוצר'],
  ['/products/p-1', 'פרטי מוצר'],
  ['/recipes', 'מתכונים'],
  ['/recipes/r-1', 'מתכון'],
  ['/events', 'אירועים'],
  ['/packages', 'מארזים'],
  ['/packages/k-1/info', 'פרטי מארז'],
  ['/packages/k-1', 'פרטי מארז'],
  ['/checkout', 'סיום הזמנה'],
  // No order waits in a fresh tab: the heading says so (the view follows the payment's state).
  ['/checkout/payment-pending', 'אין תשלום פתוח'],
  ['/contact', 'צור קשר'],
  ['/privacy', 'מדיניות פרטיות'],
  ['/terms', 'תנאי שימוש'],
  // Without transaction_uid and more_info there is no order to thank for (spec §8).
  ['/thank-you', 'משהו השתבש.'],
]

describe('routes', () => {
  it('renders the home page heading inside <main> with the site title', async () => {
    renderApp('/')
    const main = await screen.findByRole('main')
    expect(
      await within(main).findByRole('heading', { level: 1, name: 'תבלין — טעמים של בית' }),
    ).toBeInTheDocument()
    expect(document.title).toBe('תבלין — תבלינים, קמחים וקטניות')
  })

  it.each(PAGES)('%s shows its heading in <main> and sets the tab title', async (path, heading) => {
    renderApp(path)
    const main = await screen.findByRole('main')
    expect(await within(main).findByRole('heading', { level: 1, name: heading })).toBeInTheDocument()
    expect(document.title).toBe(`${heading} | תבלין`)
  })

  // /admin sits behind the guard: features/auth/auth-components.test.tsx opens it as an admin.
  it("offers a signed-out visitor of /admin the admin area's own sign-in (issue 22)", async () => {
    const { router } = renderApp('/admin')
    expect(await screen.findByRole('heading', { level: 1, name: 'כניסה לניהול החנות' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/admin')
  })

  it('shows a calm not-found page for an unknown address, inside the layout, with ways on', async () => {
    const { router } = renderApp('/no-such-page')
    const main = await screen.findByRole('main')
    expect(await within(main).findByRole('heading', { level: 1, name: 'הדף לא נמצא' })).toBeInTheDocument()
    expect(screen.queryByText('שגיאה בלתי צפויה ביישום!')).not.toBeInTheDocument()
    expect(within(main).getByText(/הדף שחיפשתם לא נמצא/)).toBeInTheDocument()
    expect(within(main).getByRole('link', { name: 'לחנות' })).toHaveAttribute('href', '/products')
    expect(within(main).getByRole('link', { name: 'חזרה לדף הבית' })).toHaveAttribute('href', '/')
    expect(screen.getByRole('banner')).toBeInTheDocument()

    await userEvent.type(within(main).getByRole('searchbox', { name: 'חיפוש בחנות' }), 'כמון')
    await userEvent.click(within(main).getByRole('button', { name: 'חיפוש' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'))
    expect(router.state.location.search).toBe('?filter=' + encodeURIComponent('כמון'))
  })

  it('shows the generic error screen with the error message when a page throws', async () => {
    // React logs the caught error; expected here, so kept out of the output.
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    function Broken(): never {
      throw new Error('Recipe failed to load')
    }
    renderWithProviders(
      <RouteErrorBoundary>
        <Broken />
      </RouteErrorBoundary>,
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'משהו השתבש.' })).toBeInTheDocument()
    expect(screen.getByText('אנא נסו שוב מאוחר יותר.')).toBeInTheDocument()
    expect(screen.getByText('Recipe failed to load')).toBeInTheDocument()
    vi.restoreAllMocks()
  })

  it('shows the router fallback with the status and message of a route response', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    function Unavailable(): never {
      throw new ErrorResponseImpl(503, 'Service Unavailable', 'The kitchen is closed')
    }
    renderWithProviders(
      <RouteErrorBoundary>
        <Unavailable />
      </RouteErrorBoundary>,
    )
    expect(
      await screen.findByRole('heading', { level: 1, name: 'שגיאה בלתי צפויה ביישום!' }),
    ).toBeInTheDocument()
    expect(screen.getByText('503')).toBeInTheDocument()
    expect(screen.getByText('The kitchen is closed')).toBeInTheDocument()
    vi.restoreAllMocks()
  })

  it('leaves a page error behind on the next navigation, inside the layout', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    function Broken(): never {
      throw new Error('Recipe failed to load')
    }
    const { router } = renderWithProviders([
      {
        element: (
          <RouteErrorBoundary>
            <Outlet />
          </RouteErrorBoundary>
        ),
        children: [
          { path: '/', element: <Broken /> },
          { path: '/about', element: <h1>אודות</h1> },
        ],
      },
    ])
    expect(await screen.findByText('Recipe failed to load')).toBeInTheDocument()
    await router.navigate('/about')
    expect(await screen.findByRole('heading', { level: 1, name: 'אודות' })).toBeInTheDocument()
    vi.restoreAllMocks()
  })

  it('starts every new page at its top, at once, not with a glide that shows the old place first', async () => {
    const { router } = renderApp('/')
    await screen.findByRole('heading', { level: 1 })
    await router.navigate('/recipes')
    await screen.findByRole('heading', { level: 1, name: 'מתכונים' })
    expect(window.scrollTo).toHaveBeenLastCalledWith({ top: 0, behavior: 'instant' })
    const calls = vi.mocked(window.scrollTo).mock.calls.length
    await router.navigate('/recipes?page=2')
    await waitFor(() => expect(vi.mocked(window.scrollTo).mock.calls.length).toBe(calls + 1))
  })
})

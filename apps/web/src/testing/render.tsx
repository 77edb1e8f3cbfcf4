import { useLayoutEffect, type ReactElement } from 'react'
import { act, render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient } from '@tanstack/react-query'
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  useRoutes,
  type Location,
  type NavigateFunction,
  type RouteObject,
  type To,
} from 'react-router'
import translation from '../../public/locales/he/translation.json'
import { AppProviders } from '../app/providers'
import { routes } from '../app/router'
import { createTranslator } from '../lib/i18n'

/** The real Hebrew file, loaded synchronously with the app's own options. */
export function createTestI18n() {
  return createTranslator(translation)
}

/** Fails fast: a test should see the first error, not wait through back-off. */
export function createTestQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
}

/** What a test reads of the router: where the app is, and a way to move it. */
export type TestRouter = {
  state: { location: Location }
  navigate(to: To | number): Promise<void>
}

function createTestRouter(): TestRouter & { attach(navigate: NavigateFunction, location: Location): void } {
  let navigateTo: NavigateFunction | undefined
  const router = {
    state: { location: undefined as unknown as Location },
    attach(navigate: NavigateFunction, location: Location) {
      navigateTo = navigate
      router.state.location = location
    },
    async navigate(to: To | number) {
      if (!navigateTo) throw new Error('The app has not rendered yet')
      const go = navigateTo
      await act(async () => {
        await (typeof to === 'number' ? go(to) : go(to))
      })
    },
  }
  return router
}

/** Keeps the test's router up to date with the app's address. */
function RouterProbe({ router }: { router: ReturnType<typeof createTestRouter> }) {
  const navigate = useNavigate()
  const location = useLocation()
  useLayoutEffect(() => router.attach(navigate, location), [router, navigate, location])
  return null
}

function Routes({ table }: { table: RouteObject[] }) {
  return useRoutes(table)
}

function renderRoutes(table: RouteObject[], path: string) {
  const user = userEvent.setup()
  const router = createTestRouter()
  const result = render(
    <AppProviders i18n={createTestI18n()} queryClient={createTestQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes table={table} />
        <RouterProbe router={router} />
      </MemoryRouter>
    </AppProviders>,
  )
  return { ...result, router: router as TestRouter, user }
}

/** The whole app (layout, every route, error boundaries) at `path`. */
export function renderApp(path = '/') {
  return renderRoutes(routes, path)
}

/** One element (or a small route table) with the app's providers around it. */
export function renderWithProviders(ui: ReactElement | RouteObject[], { path = '/' } = {}) {
  const table = Array.isArray(ui) ? ui : [{ path: '*', element: ui }]
  return renderRoutes(table, path)
}

import type { ReactElement } from 'react'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient } from '@tanstack/react-query'
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router'
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

function renderRouter(router: ReturnType<typeof createMemoryRouter>) {
  const user = userEvent.setup()
  const result = render(
    <AppProviders i18n={createTestI18n()} queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  )
  return { ...result, router, user }
}

/** The whole app (layout, every route, error boundaries) at `path`. */
export function renderApp(path = '/') {
  return renderRouter(createMemoryRouter(routes, { initialEntries: [path] }))
}

/** One element (or a small route table) with the app's providers around it. */
export function renderWithProviders(ui: ReactElement | RouteObject[], { path = '/' } = {}) {
  const table = Array.isArray(ui) ? ui : [{ path: '*', element: ui }]
  return renderRouter(createMemoryRouter(table, { initialEntries: [path] }))
}

import type { ReactNode } from 'react'
import { Suspense, lazy } from 'react'
import type { i18n as I18n } from 'i18next'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { I18nextProvider } from 'react-i18next'
import { Direction } from 'radix-ui'
import { PageSpinner } from '../components/ui/spinner'
import { useIsToastHostRequested } from '../lib/notify'
import { useThemeStore } from '../features/theme/theme-store'

// Toasts are never part of the first paint: their library loads with the first toast (lib/notify).
const ToastContainer = lazy(() =>
  import('react-toastify').then((module) => ({ default: module.ToastContainer })),
)

type AppProvidersProps = {
  i18n: I18n
  queryClient: QueryClient
  children: ReactNode
}

/** Everything above the router; the tests render through the same providers. */
export function AppProviders({ i18n, queryClient, children }: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <Direction.Provider dir="rtl">
        <QueryClientProvider client={queryClient}>
          <Suspense fallback={<PageSpinner />}>{children}</Suspense>
          <ToastHost />
        </QueryClientProvider>
      </Direction.Provider>
    </I18nextProvider>
  )
}

function ToastHost() {
  const isRequested = useIsToastHostRequested()
  // Toasts follow the shop's theme: a white toast on the dark theme glared.
  const theme = useThemeStore((state) => state.theme)
  if (!isRequested) return null
  return (
    <Suspense fallback={null}>
      <ToastContainer position="top-center" rtl autoClose={3000} theme={theme} />
    </Suspense>
  )
}

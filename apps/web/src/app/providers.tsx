import type { ComponentProps, ReactNode } from 'react'
import { Suspense, lazy } from 'react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { Direction } from 'radix-ui'
import { PageSpinner } from '../components/ui/spinner'
import { TranslationProvider, useTranslation, type Translator } from '../lib/i18n'
import { useIsToastHostRequested } from '../lib/notify'
import { useThemeStore } from '../features/theme/theme-store'

// Toasts are never part of the first paint: their library loads with the first toast (lib/notify).
const ToastContainer = lazy(() =>
  import('react-toastify').then(({ ToastContainer: Container }) => ({
    // The library's own labels are English ("Notifications Alt+T", "close"): ours, in Hebrew (issue 35).
    default: ({ closeLabel, ...props }: ComponentProps<typeof Container> & { closeLabel: string }) => (
      <Container
        {...props}
        closeButton={({ closeToast, theme }) => (
          <button
            type="button"
            aria-label={closeLabel}
            onClick={(event) => {
              event.stopPropagation()
              closeToast(true)
            }}
            className={`Toastify__close-button Toastify__close-button--${theme}`}
          >
            <span aria-hidden="true">×</span>
          </button>
        )}
      />
    ),
  })),
)

type AppProvidersProps = {
  i18n: Translator
  queryClient: QueryClient
  children: ReactNode
}

/** Everything above the router; the tests render through the same providers. */
export function AppProviders({ i18n, queryClient, children }: AppProvidersProps) {
  return (
    <TranslationProvider translator={i18n}>
      <Direction.Provider dir="rtl">
        <QueryClientProvider client={queryClient}>
          <Suspense fallback={<PageSpinner />}>{children}</Suspense>
          <ToastHost />
        </QueryClientProvider>
      </Direction.Provider>
    </TranslationProvider>
  )
}

function ToastHost() {
  const { t } = useTranslation()
  const isRequested = useIsToastHostRequested()
  // Toasts follow the shop's theme: a white toast on the dark theme glared.
  const theme = useThemeStore((state) => state.theme)
  if (!isRequested) return null
  return (
    <Suspense fallback={null}>
      <ToastContainer
        position="top-center"
        // Below the fixed header, never over it (styles.css --toast-top); inline, so it beats
        // the library's own rule that puts it at the top of a phone's screen.
        style={{ top: 'var(--toast-top)' }}
        rtl
        autoClose={3000}
        theme={theme}
        aria-label={t('common.notifications')}
        closeLabel={t('common.close')}
        // Its timer bar is labelled "notification timer" in English, and a 3 s toast needs none.
        hideProgressBar
      />
    </Suspense>
  )
}

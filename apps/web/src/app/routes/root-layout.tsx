import { Suspense, lazy } from 'react'
import { Outlet } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Footer } from '../../components/layout/footer'
import { Header } from '../../components/layout/header'
import { LoginButtonPlaceholder } from '../../components/layout/login-button-placeholder'
import { useScrollToTopOnNavigate } from '../../hooks/use-scroll-to-top'
import { CartButton } from '../../features/cart/cart-button'
import { CartDrawerHost } from '../../features/cart/cart-drawer-host'
import { ThemeToggle } from '../../features/theme/theme-toggle'
import { Spinner } from '../../components/ui/spinner'
import { RenderWhenVisible } from '../../components/ui/render-when-visible'

// The form brings react-hook-form, zod and the toasts: loaded when the footer comes near.
const NewsletterForm = lazy(() =>
  import('../../features/forms/newsletter-form').then((module) => ({ default: module.NewsletterForm })),
)

export function RootLayout() {
  const { t } = useTranslation()
  useScrollToTopOnNavigate()

  return (
    <div className="flex min-h-dvh flex-col bg-canvas text-ink">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:start-3 focus:top-3 focus:z-50 focus:rounded-full focus:bg-primary focus:px-4 focus:py-2 focus:text-on-primary"
      >
        {t('app.skipToContent')}
      </a>
      <Header
        cartSlot={<CartButton />}
        themeSlot={<ThemeToggle />}
        // TODO(issue 5): the auth feature's login/logout button and, for admins, its admin link.
        accountSlot={<LoginButtonPlaceholder />}
        adminSlot={null}
      />
      <main id="main-content" tabIndex={-1} className="flex-1 pt-16 outline-none md:pt-20">
        <Outlet />
      </main>
      <Footer
        newsletterSlot={
          <RenderWhenVisible placeholder={<div className="min-h-40" />}>
            <Suspense fallback={<Spinner size="sm" />}>
              <NewsletterForm />
            </Suspense>
          </RenderWhenVisible>
        }
      />
      <CartDrawerHost />
    </div>
  )
}

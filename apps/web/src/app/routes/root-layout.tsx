import { Suspense, lazy } from 'react'
import { Outlet } from 'react-router'
import { useTranslation } from '../../lib/i18n'
import { Footer } from '../../components/layout/footer'
import { Header } from '../../components/layout/header'
import { useScrollToTopOnNavigate } from '../../hooks/use-scroll-to-top'
import { AdminLink, AuthRuntime, LoginButton, useAuthStore, type AuthStatus } from '../../features/auth'
import { CartButton } from '../../features/cart/cart-button'
import { CartDrawerHost } from '../../features/cart/cart-drawer-host'
import { FavouritesSync } from '../../features/favourites'
import { ThemeToggle } from '../../features/theme/theme-toggle'
import { FooterBusinessDetails } from '../../features/legal/footer-business-details'
import { FooterSocialLinks } from '../../features/legal/footer-social-links'
import { Spinner } from '../../components/ui/spinner'
import { RenderWhenVisible } from '../../components/ui/render-when-visible'
import { apiAuth } from '../../lib/api-auth'

// The form brings react-hook-form, zod and the toasts: loaded when the footer comes near.
const NewsletterForm = lazy(() =>
  import('../../features/forms/newsletter-form').then((module) => ({ default: module.NewsletterForm })),
)

// Auth hands its token and 401 handling to lib/api-auth, which the API client reads: the client
// itself is not part of the first load (decision 007).
const loadApiClient = () => Promise.resolve(apiAuth)

const adminLinkClass =
  'inline-flex h-11 items-center rounded-full px-4 font-medium text-primary transition-colors hover:bg-surface-2'

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
        accountSlot={<LoginButton />}
        // Renders nothing for anyone but an administrator.
        adminSlot={<AdminLink className={adminLinkClass} />}
      />
      <AuthRuntime loadApiClient={loadApiClient} />
      <FavouritesSession />
      {/* At least a screen tall: while a page loads, the footer stays below the fold and
          does not jump down when the content arrives (layout shift). */}
      <main id="main-content" tabIndex={-1} className="min-h-dvh flex-1 pt-16 outline-none md:pt-20">
        <Outlet />
      </main>
      <Footer
        detailsSlot={<FooterBusinessDetails />}
        socialSlot={<FooterSocialLinks />}
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

function subjectOf(claims: Record<string, unknown> | null): string | null {
  const subject = claims?.sub
  return typeof subject === 'string' ? subject : null
}
const isSignedOutStatus = (status: AuthStatus) => status === 'signedOut' || status === 'idle'
const isSignedOutNow = () => isSignedOutStatus(useAuthStore.getState().status)

/** Hands the favourites the session: who is signed in, or that no one is. */
function FavouritesSession() {
  const subject = useAuthStore((state) => (state.status === 'signedIn' ? subjectOf(state.claims) : null))
  const isSignedOut = useAuthStore((state) => isSignedOutStatus(state.status))
  return <FavouritesSync subject={subject} isSignedOut={isSignedOut} isSignedOutNow={isSignedOutNow} />
}

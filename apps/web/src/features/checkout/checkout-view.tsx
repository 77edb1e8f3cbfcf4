import { Suspense, lazy } from 'react'
import { Link } from 'react-router'
import { useTranslation } from '../../lib/i18n'
import { submitButtonClass } from '../../components/ui/form-field'
import { Spinner } from '../../components/ui/spinner'
import { paths } from '../../config/paths'
import { useIsHydrated } from '../../hooks/use-is-hydrated'
import { useCartStore } from '../../stores/cart-store'

// The form brings react-hook-form, zod and the order schemas: loaded only for a cart with
// something in it, so an empty checkout (and the page's first render) does without them.
const CheckoutForm = lazy(() =>
  import('./checkout-form').then((module) => ({ default: module.CheckoutForm })),
)

/** Checkout's body: the delivery form for the cart, or the way back to the shop when it is empty. */
export function CheckoutView() {
  const { t } = useTranslation()
  const isHydrated = useIsHydrated()
  const isEmpty = useCartStore((state) => state.lines.length === 0)
  const loading = (
    <div className="flex justify-center py-12">
      <Spinner />
    </div>
  )

  // The cart lives in this browser: until the page is hydrated, neither "empty" nor the form.
  if (!isHydrated) return loading

  if (isEmpty) {
    return (
      <div className="rounded-3xl border border-line bg-surface px-6 py-12 text-center shadow-sm">
        <p className="text-lg text-muted">{t('checkout.empty')}</p>
        <Link to={paths.products} className={`${submitButtonClass} mt-6`}>
          {t('checkout.backToShop')}
        </Link>
      </div>
    )
  }

  return (
    <Suspense fallback={loading}>
      <CheckoutForm />
    </Suspense>
  )
}

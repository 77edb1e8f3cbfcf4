import { useTranslation } from '../../../lib/i18n'
import { CheckoutView } from '../../../features/checkout/checkout-view'
import { CheckoutDisclosure } from '../../../features/legal/checkout-disclosure'
import { usePageMeta } from '../../../hooks/use-page-meta'

export function Component() {
  const { t } = useTranslation()
  usePageMeta({ title: t('pages.checkout.title'), description: t('pages.checkout.description') })
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 md:px-6 md:py-14">
      <h1 className="text-3xl font-extrabold tracking-tight md:text-4xl">{t('pages.checkout.title')}</h1>
      <p className="mt-2 mb-8 max-w-prose text-muted">{t('checkout.intro')}</p>
      <CheckoutView />
      <CheckoutDisclosure />
    </div>
  )
}

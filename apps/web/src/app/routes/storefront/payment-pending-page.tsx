import { useTranslation } from 'react-i18next'
import { PaymentPendingView } from '../../../features/checkout/payment-pending-view'
import { usePageTitle } from '../../../hooks/use-page-title'

export function Component() {
  const { t } = useTranslation()
  usePageTitle(t('pages.paymentPending.title'))
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 md:px-6 md:py-16">
      <h1 className="mb-8 text-3xl font-extrabold tracking-tight md:text-4xl">
        {t('pages.paymentPending.title')}
      </h1>
      <PaymentPendingView />
    </div>
  )
}

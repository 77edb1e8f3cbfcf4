import { useTranslation } from 'react-i18next'
import { PaymentPendingView } from '../../../features/checkout/payment-pending-view'
import { usePageMeta } from '../../../hooks/use-page-meta'

export function Component() {
  const { t } = useTranslation()
  usePageMeta({ title: t('pages.paymentPending.title'), isIndexable: false })
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 md:px-6 md:py-16">
      <h1 className="mb-8 text-3xl font-extrabold tracking-tight md:text-4xl">
        {t('pages.paymentPending.title')}
      </h1>
      <PaymentPendingView />
    </div>
  )
}

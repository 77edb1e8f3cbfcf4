import { useTranslation } from '../../../lib/i18n'
import { CancelOrderForm } from '../../../features/cancel-order/cancel-order-form'
import { usePageMeta } from '../../../hooks/use-page-meta'

/** /cancel-order: ביטול עסקה, linked from the home page and every footer (issue 18). */
export function Component() {
  const { t } = useTranslation()
  usePageMeta({ title: t('pages.cancelOrder.title'), description: t('pages.cancelOrder.description') })
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 md:px-6 md:py-16">
      <h1 className="text-3xl font-extrabold tracking-tight md:text-5xl">{t('cancellation.heading')}</h1>
      <p className="mt-4 max-w-prose text-lg">{t('cancellation.intro')}</p>
      <p className="mt-2 max-w-prose text-muted">{t('cancellation.feeNote')}</p>
      <p className="mt-2 max-w-prose text-muted">{t('cancellation.confirmNote')}</p>
      <div className="mt-8 rounded-3xl border border-line bg-surface p-6 shadow-sm md:p-8">
        <CancelOrderForm />
      </div>
    </div>
  )
}

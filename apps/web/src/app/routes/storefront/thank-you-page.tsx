import { useTranslation } from 'react-i18next'
import { ThankYouView } from '../../../features/checkout/thank-you-view'
import { usePageTitle } from '../../../hooks/use-page-title'

export function Component() {
  const { t } = useTranslation()
  usePageTitle(t('pages.thankYou.title'))
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 md:px-6 md:py-16">
      <ThankYouView />
    </div>
  )
}

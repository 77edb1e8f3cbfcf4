import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '../../lib/i18n'
import { configQueries } from '../../api/config'

/**
 * Shown across the admin area while payments go to the built-in sandbox: no money
 * moves, and its keys are public, so an order marked paid proves nothing (decision 113).
 */
export function PaymentsSandboxBanner() {
  const { t } = useTranslation()
  const config = useQuery(configQueries.public())
  if (!config.data?.payment.isSandbox) return null
  return (
    <div
      role="alert"
      className="mb-4 rounded-xl border-2 border-red-700 bg-red-50 p-4 text-red-900 dark:border-red-300 dark:bg-red-950 dark:text-red-100"
    >
      <p className="font-bold">{t('admin.sandboxBanner.title')}</p>
      <p className="mt-1 text-sm">{t('admin.sandboxBanner.body')}</p>
    </div>
  )
}

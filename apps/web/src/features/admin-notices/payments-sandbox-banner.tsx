import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '../../lib/i18n'
import { configQueries } from '../../api/config'
import { SessionNotice } from '../../components/ui/session-notice'

/**
 * Shown across the admin area while payments go to the built-in sandbox: no money
 * moves, and its keys are public, so an order marked paid proves nothing (decision 113).
 * One line, the reason folded under it, dismissible for the session.
 */
export function PaymentsSandboxBanner() {
  const { t } = useTranslation()
  const config = useQuery(configQueries.public())
  if (!config.data?.payment.isSandbox) return null
  return (
    <SessionNotice
      id="payments-sandbox"
      tone="danger"
      title={t('admin.sandboxBanner.title')}
      details={<p>{t('admin.sandboxBanner.body')}</p>}
      dismissLabel={t('admin.sandboxBanner.dismiss')}
    />
  )
}

import { useTranslation } from '../../lib/i18n'
import { useClaimOrders } from '../../api/account'
import { useApiErrorText } from '../../hooks/use-api-error-text'
import { secondaryButtonClass } from '../../components/ui/confirm-dialog'
import { sectionClass, sectionTitleClass } from './account-format'

/** "הזמנות קודמות כאורח": link the guest orders of the account's confirmed e-mail. */
export function ClaimSection() {
  const { t } = useTranslation()
  const errorText = useApiErrorText()
  const claim = useClaimOrders()
  return (
    <section id="guest-orders" aria-labelledby="account-claim" className={sectionClass}>
      <h2 id="account-claim" className={sectionTitleClass}>
        {t('account.claim.title')}
      </h2>
      <p className="mb-4 text-muted">{t('account.claim.text')}</p>
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={claim.isPending}
        onClick={() => claim.mutate()}
      >
        {t('account.claim.button')}
      </button>
      {claim.isSuccess && (
        <p role="status" className="mt-3">
          {claim.data.claimed === 0
            ? t('account.claim.none')
            : t('account.claim.done', { count: claim.data.claimed })}
        </p>
      )}
      {claim.isError && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700 dark:text-red-300">
          {errorText(claim.error)}
        </p>
      )}
    </section>
  )
}

import { useSearchParams } from 'react-router'
import { useTranslation } from '../../lib/i18n'
import { useUnsubscribe } from '../../api/privacy'
import { PageShell } from '../../components/layout/page-shell'
import { submitButtonClass } from '../../components/ui/form-field'
import { isApiError } from '../../lib/api-error'

/** `/unsubscribe?token=`: one button, no sign-in (Communications Law §30א). */
export function UnsubscribeView() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const unsubscribe = useUnsubscribe()
  const isUnknown = !token || (isApiError(unsubscribe.error) && unsubscribe.error.status === 404)
  return (
    <PageShell title={t('legal.unsubscribe.title')} description={t('legal.unsubscribe.description')}>
      <div className="flex max-w-prose flex-col gap-4" aria-live="polite">
        {unsubscribe.isSuccess ? (
          <p role="status" className="text-lg font-semibold">
            {t('legal.unsubscribe.done')}
          </p>
        ) : isUnknown ? (
          <p role="alert">{t('legal.unsubscribe.invalid')}</p>
        ) : (
          <>
            <p className="text-lg">{t('legal.unsubscribe.lead')}</p>
            <button
              type="button"
              className={`${submitButtonClass} self-start`}
              disabled={unsubscribe.isPending}
              onClick={() => unsubscribe.mutate(token)}
            >
              {t('legal.unsubscribe.submit')}
            </button>
            {unsubscribe.isError && <p role="alert">{t('legal.unsubscribe.error')}</p>}
          </>
        )}
      </div>
    </PageShell>
  )
}

import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '../../lib/i18n'
import { Link } from 'react-router'
import type { BusinessDetailField } from '@tavlin/contracts'
import { adminShopQueries } from '../../api/admin-shop'
import { SessionNotice } from '../../components/ui/session-notice'

/** The fields the owner has not filled in yet, in Hebrew. */
export function MissingDetailsList({ missing }: { missing: readonly BusinessDetailField[] }) {
  const { t } = useTranslation()
  if (missing.length === 0) return null
  return (
    <div
      role="alert"
      className="rounded-xl border-2 border-amber-700 bg-amber-50 p-4 text-amber-950 dark:border-amber-300 dark:bg-amber-950 dark:text-amber-50"
    >
      <p className="font-bold">{t('shopSettings.missing.title')}</p>
      <p className="mt-1 text-sm">{t('shopSettings.missing.body')}</p>
      <ul className="mt-2 list-disc ps-6 text-sm">
        {missing.map((field) => (
          <li key={field}>{t(`shopSettings.fields.${field}`)}</li>
        ))}
      </ul>
    </div>
  )
}

/** Across the admin area until the business details are complete (issue 18); one line, dismissible for the session. */
export function MissingDetailsNotice({ settingsHref }: { settingsHref: string }) {
  const { t } = useTranslation()
  const { data } = useQuery(adminShopQueries.details())
  if (!data || data.missing.length === 0) return null
  return (
    <SessionNotice
      id="missing-business-details"
      tone="warning"
      title={t('shopSettings.missing.title')}
      details={
        <>
          <p>{t('shopSettings.missing.body')}</p>
          <ul className="mt-1 list-disc ps-6">
            {data.missing.map((field) => (
              <li key={field}>{t(`shopSettings.fields.${field}`)}</li>
            ))}
          </ul>
        </>
      }
      action={
        <Link to={settingsHref} className="font-semibold underline underline-offset-4">
          {t('shopSettings.missing.link')}
        </Link>
      }
      dismissLabel={t('shopSettings.missing.dismiss')}
    />
  )
}

import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '../../lib/i18n'
import { shopQueries } from '../../api/shop'

/**
 * The business's legal details in the footer of every page (issue 18): rendered by the
 * server with the page, so they are there before any script runs.
 */
export function FooterBusinessDetails() {
  const { t } = useTranslation()
  const { data } = useQuery(shopQueries.details())
  if (!data) return null
  return (
    <address className="text-sm text-muted not-italic">
      <span>{data.legalName}</span>
      {' · '}
      <span>
        {t('legal.details.businessNumber')} <bdi dir="ltr">{data.businessNumber}</bdi>
      </span>
      {' · '}
      <span>{data.address}</span>
      {' · '}
      <a href={`tel:${data.phone.replace(/[^\d+]/g, '')}`} className="underline-offset-4 hover:underline">
        <bdi dir="ltr">{data.phone}</bdi>
      </a>
      {' · '}
      <a href={`mailto:${data.email}`} className="underline-offset-4 hover:underline">
        {data.email}
      </a>
    </address>
  )
}

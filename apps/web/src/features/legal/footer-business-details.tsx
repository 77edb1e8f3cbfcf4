import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '../../lib/i18n'
import { shopQueries } from '../../api/shop'
import { Ltr, keepHyphenatedWords, telHref } from '../../components/ui/isolate'

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
        {t('legal.details.businessNumber')} <Ltr>{data.businessNumber}</Ltr>
      </span>
      {' · '}
      <span>{keepHyphenatedWords(data.address)}</span>
      {' · '}
      <a href={telHref(data.phone)} className="underline-offset-4 hover:underline">
        <Ltr>{data.phone}</Ltr>
      </a>
      {' · '}
      <a href={`mailto:${data.email}`} className="underline-offset-4 hover:underline">
        <Ltr>{data.email}</Ltr>
      </a>
    </address>
  )
}

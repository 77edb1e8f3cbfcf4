import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useLocation } from 'react-router'
import { reviewQueries } from '../../api/reviews'
import { PageShell } from '../../components/layout/page-shell'
import { Spinner } from '../../components/ui/spinner'
import { isApiError } from '../../lib/api-error'
import { useTranslation } from '../../lib/i18n'
import { ReviewForm } from './review-form'

const LINK_REFUSALS = ['LINK_INVALID', 'LINK_EXPIRED', 'LINK_USED', 'REVIEW_NOT_ALLOWED'] as const
type LinkRefusal = (typeof LINK_REFUSALS)[number]

function refusalOf(error: unknown): LinkRefusal | null {
  return isApiError(error) && (LINK_REFUSALS as readonly string[]).includes(error.code)
    ? (error.code as LinkRefusal)
    : null
}

/**
 * `/review#<token>` (issue 36, decision 281): the page the review e-mail's link opens, for
 * guests too. Opening it changes nothing; the review is stored when sent, and the link then
 * works no more. The token is in the fragment, which browsers never send to a server.
 */
export function ReviewLinkView() {
  const { t } = useTranslation()
  const token = useLocation().hash.replace(/^#/, '')
  const link = useQuery({ ...reviewQueries.link(token), enabled: token !== '' })
  const [isSent, setIsSent] = useState(false)
  const refusal = refusalOf(link.error)

  return (
    <PageShell title={t('reviews.form.title')} description={t('pages.review.title')}>
      <div className="flex max-w-prose flex-col gap-4" aria-live="polite">
        {token === '' ? (
          <p role="alert">{t('reviews.link.missing')}</p>
        ) : isSent ? (
          <p role="status" className="text-lg font-semibold">
            {t('reviews.form.sent')}
          </p>
        ) : refusal ? (
          <p role="alert">{t(`reviews.link.${refusal}`)}</p>
        ) : link.isError ? (
          <p role="alert">{t('errors.api.INTERNAL_ERROR')}</p>
        ) : !link.data ? (
          <Spinner />
        ) : (
          <>
            <h2 className="text-xl font-bold">{t('reviews.form.about', { name: link.data.name })}</h2>
            <p className="text-muted">{t('reviews.form.signedAs', { author: link.data.author })}</p>
            <ReviewForm item={link.data} token={token} onSent={() => setIsSent(true)} />
          </>
        )}
      </div>
    </PageShell>
  )
}

import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { PublicReview } from '@tavlin/contracts'
import { reviewReadQueries, type ReviewedItem } from '../../api/review-reads'
import { StarRating } from '../../components/commerce/star-rating'
import { secondaryButtonClass } from '../../components/ui/confirm-dialog'
import { useTranslation } from '../../lib/i18n'

const dateFormat = new Intl.DateTimeFormat('he-IL', { dateStyle: 'medium', timeZone: 'Asia/Jerusalem' })

/**
 * "חוות דעת של קונים" on a product or package page (issue 36): the average, the count and how
 * many gave each number of stars, then the published reviews, newest first, each marked
 * "קנייה מאומתת", with the shop's reply. Reviewers appear as a first name and an initial.
 */
export function ItemReviews({ item }: { item: ReviewedItem }) {
  const { t } = useTranslation()
  const [pages, setPages] = useState(1)
  const first = useQuery(reviewReadQueries.item(item, 1))
  const summary = first.data?.summary
  return (
    <section aria-labelledby="item-reviews" className="mt-12 flex flex-col gap-6">
      <h2 id="item-reviews" className="text-2xl font-bold">
        {t('reviews.section.title')}
      </h2>
      {first.isError ? (
        <p role="alert">{t('reviews.section.loadError')}</p>
      ) : !summary ? null : summary.count === 0 ? (
        <p className="text-muted">{t('reviews.section.empty')}</p>
      ) : (
        <>
          <div className="flex flex-wrap items-start gap-8">
            <div className="flex flex-col gap-1">
              <p className="text-4xl font-extrabold" aria-hidden="true">
                {summary.average.toFixed(1)}
              </p>
              <StarRating average={summary.average} count={summary.count} size="md" />
            </div>
            <Distribution distribution={summary.distribution} count={summary.count} />
          </div>
          <ul className="flex flex-col divide-y divide-line">
            {Array.from({ length: pages }, (_, index) => (
              <ReviewPage key={index} item={item} page={index + 1} />
            ))}
          </ul>
          {first.data && pages < first.data.reviews.totalPages && (
            <button
              type="button"
              className={`${secondaryButtonClass} self-start`}
              onClick={() => setPages(pages + 1)}
            >
              {t('reviews.section.more')}
            </button>
          )}
        </>
      )}
    </section>
  )
}

function Distribution({ distribution, count }: { distribution: number[]; count: number }) {
  const { t } = useTranslation()
  return (
    <dl className="flex min-w-56 flex-col gap-1 text-sm" aria-label={t('reviews.section.distribution')}>
      {[5, 4, 3, 2, 1].map((stars) => {
        const n = distribution[stars - 1] ?? 0
        return (
          <div key={stars} className="flex items-center gap-2">
            <dt className="w-20 shrink-0">{t('reviews.section.starsLabel', { count: stars })}</dt>
            <dd className="flex flex-1 items-center gap-2">
              <span aria-hidden="true" className="h-2 flex-1 overflow-hidden rounded-full bg-surface-2">
                <span
                  className="block h-full bg-amber-600 dark:bg-amber-400"
                  style={{ width: `${(n / count) * 100}%` }}
                />
              </span>
              <span>{n}</span>
            </dd>
          </div>
        )
      })}
    </dl>
  )
}

function ReviewPage({ item, page }: { item: ReviewedItem; page: number }) {
  const reviews = useQuery(reviewReadQueries.item(item, page))
  return (
    <>
      {reviews.data?.reviews.items.map((review) => (
        <ReviewEntry key={review._id} review={review} />
      ))}
    </>
  )
}

function ReviewEntry({ review }: { review: PublicReview }) {
  const { t } = useTranslation()
  return (
    <li className="flex flex-col gap-2 py-5">
      <div className="flex flex-wrap items-center gap-3">
        <StarRating average={review.rating} />
        <span className="font-semibold">{review.author}</span>
        <span className="rounded-full bg-surface-2 px-2.5 py-0.5 text-xs font-semibold text-ink">
          {t('reviews.section.verified')}
        </span>
        <time dateTime={review.createdAt} className="text-sm text-muted">
          {dateFormat.format(new Date(review.createdAt))}
        </time>
      </div>
      <p className="whitespace-pre-line">{review.comment}</p>
      {review.photo && (
        <img
          src={review.photo}
          alt={t('reviews.section.photoAlt', { author: review.author })}
          width={160}
          height={120}
          loading="lazy"
          className="h-30 w-40 rounded-lg object-cover"
        />
      )}
      {review.reply && (
        <div className="ms-4 rounded-xl border-s-4 border-primary bg-surface-2 p-3">
          <p className="text-sm font-semibold">{t('reviews.section.reply')}</p>
          <p className="whitespace-pre-line">{review.reply.text}</p>
        </div>
      )}
    </li>
  )
}

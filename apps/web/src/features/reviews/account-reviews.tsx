import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { ReviewableItem } from '@tavlin/contracts'
import { reviewQueries } from '../../api/reviews'
import { StarRating } from '../../components/commerce/star-rating'
import { secondaryButtonClass } from '../../components/ui/confirm-dialog'
import { Spinner } from '../../components/ui/spinner'
import { useApiErrorText } from '../../hooks/use-api-error-text'
import { useTranslation } from '../../lib/i18n'
import { toast } from '../../lib/notify'
import { ReviewForm } from './review-form'

const sectionClass = 'mt-8 scroll-mt-24 rounded-3xl border border-line bg-surface p-5 shadow-sm md:p-8'

/**
 * "חוות הדעת שלי" on /account (issue 36): each item a delivered order held, the latest first,
 * with the shopper's review and where it stands, or a button to write one. An edit goes back
 * to the owner's queue.
 */
export function AccountReviews() {
  const { t } = useTranslation()
  const errorText = useApiErrorText()
  const list = useQuery(reviewQueries.mine())
  return (
    <section id="reviews" aria-labelledby="account-reviews" className={sectionClass}>
      <h2 id="account-reviews" className="mb-4 text-xl font-bold">
        {t('reviews.account.title')}
      </h2>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <p role="alert">{errorText(list.error)}</p>
      ) : list.data.items.length === 0 ? (
        <p className="text-muted">{t('reviews.account.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line">
          {list.data.items.map((item) => (
            <ReviewableRow key={`${item.itemType}:${item.itemId}`} item={item} />
          ))}
        </ul>
      )}
    </section>
  )
}

function ReviewableRow({ item }: { item: ReviewableItem }) {
  const { t } = useTranslation()
  const [isWriting, setIsWriting] = useState(false)
  const { review } = item
  const headingId = `review-${item.itemType}-${item.itemId}`
  return (
    <li className="flex flex-col gap-3 py-4" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h3 id={headingId} className="font-semibold">
            {item.name}
          </h3>
          <p className="text-sm text-muted">{t('reviews.account.order', { number: item.orderNumber })}</p>
        </div>
        {!isWriting && (
          <button type="button" className={secondaryButtonClass} onClick={() => setIsWriting(true)}>
            {review ? t('reviews.account.edit') : t('reviews.account.write')}
          </button>
        )}
      </div>
      {review && !isWriting && (
        <div className="flex flex-col gap-1">
          <StarRating average={review.rating} />
          <p className="whitespace-pre-line">{review.comment}</p>
          <p className="text-sm font-semibold">{t(`reviews.account.status_${review.status}`)}</p>
          {review.status === 'rejected' && review.rejectionReason && (
            <p className="text-sm text-muted">
              {t('reviews.account.rejectedBecause', { reason: review.rejectionReason })}
            </p>
          )}
        </div>
      )}
      {isWriting && (
        <>
          {review && <p className="text-sm text-muted">{t('reviews.account.editNote')}</p>}
          <ReviewForm
            item={item}
            {...(review
              ? { initial: { rating: review.rating, comment: review.comment, photo: review.photo } }
              : {})}
            onSent={() => {
              setIsWriting(false)
              toast.success(t('reviews.form.sent'))
            }}
            onCancel={() => setIsWriting(false)}
          />
        </>
      )}
    </li>
  )
}

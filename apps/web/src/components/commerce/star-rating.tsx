import { useTranslation } from '../../lib/i18n'

type StarsProps = { average: number; count?: number; size?: 'sm' | 'md' }

/**
 * Stars out of five (issue 36): drawn filled to the average, read as one sentence by screen
 * readers ("4.5 מתוך 5 כוכבים, 12 חוות דעת"). The stars are decoration; the text says it.
 */
export function StarRating({ average, count, size = 'sm' }: StarsProps) {
  const { t } = useTranslation()
  // Two sentences: the rating, then how many reviews it rests on.
  const label =
    count === undefined
      ? t('reviews.stars', { rating: average.toFixed(1) })
      : `${t('reviews.stars', { rating: average.toFixed(1) })}, ${t('reviews.count', { count })}`
  const percent = Math.max(0, Math.min(100, (average / 5) * 100))
  const text = size === 'sm' ? 'text-sm' : 'text-xl'
  return (
    <span className={`inline-flex items-center gap-1.5 ${text}`}>
      <span className="sr-only">{label}</span>
      <span
        aria-hidden="true"
        className="relative inline-block leading-none tracking-wide text-muted"
        dir="ltr"
      >
        ★★★★★
        <span
          className="absolute inset-y-0 start-0 overflow-hidden text-amber-600 dark:text-amber-400"
          style={{ width: `${percent}%` }}
        >
          ★★★★★
        </span>
      </span>
      {count !== undefined && (
        <span aria-hidden="true" className="text-muted">
          ({count})
        </span>
      )}
    </span>
  )
}

/** A card's stars and count; nothing for an item with no published review. */
export function CardStars({ rating }: { rating: { average: number; count: number } | undefined }) {
  if (!rating || rating.count === 0) return null
  return <StarRating average={rating.average} count={rating.count} />
}

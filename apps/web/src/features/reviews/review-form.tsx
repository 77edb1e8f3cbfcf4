import { useState, type FormEvent } from 'react'
import { REVIEW_LIMITS, ReviewInputSchema, UPLOAD_LIMITS, type ReviewInput } from '@tavlin/contracts'
import { reviewsApi, useSendReview, type ReviewItem } from '../../api/reviews'
import { TextAreaField, submitButtonClass } from '../../components/ui/form-field'
import { secondaryButtonClass } from '../../components/ui/confirm-dialog'
import { useApiErrorText } from '../../hooks/use-api-error-text'
import { isApiError } from '../../lib/api-error'
import { useTranslation, type ParseKeys } from '../../lib/i18n'

type ReviewFormProps = {
  item: ReviewItem
  /** The e-mailed link's token; none: the signed-in shopper's own review. */
  token?: string
  /** The shopper's review being edited. */
  initial?: ReviewInput
  onSent: () => void
  onCancel?: () => void
}

type Errors = Partial<Record<'rating' | 'comment' | 'photo' | 'form', string>>

/** Field errors of a 400 (`body.comment` → comment), and the photo's refusal. */
function serverErrors(error: unknown): Errors {
  if (!isApiError(error)) return {}
  if (error.code === 'REVIEW_PHOTO_UNKNOWN') return { photo: 'reviews.errors.photo' }
  const details = Array.isArray(error.details)
    ? (error.details as Array<{ field?: string; message?: string }>)
    : []
  const errors: Errors = {}
  for (const detail of details) {
    const field = detail.field?.split('.').at(-1)
    if ((field === 'rating' || field === 'comment') && detail.message) errors[field] = detail.message
  }
  return errors
}

/**
 * A buyer's review (issue 36): 1–5 stars as radio buttons, the text (10–2000 characters, no
 * links), an optional photo sent first through the upload pipeline. Checked here with the
 * contract's schema; the server's refusals come back onto the same fields.
 */
export function ReviewForm({ item, token, initial, onSent, onCancel }: ReviewFormProps) {
  const { t, i18n } = useTranslation()
  const errorText = useApiErrorText()
  const send = useSendReview()
  const [rating, setRating] = useState(initial?.rating ?? 0)
  const [comment, setComment] = useState(initial?.comment ?? '')
  const [errors, setErrors] = useState<Errors>({})
  const { photo, setPhoto, isUploading, onPhoto } = usePhoto(initial?.photo ?? null, token, (error) =>
    setErrors((current) => ({ ...current, photo: error })),
  )
  const message = (key: string | undefined) =>
    key ? (i18n.exists(key) ? t(key as ParseKeys) : t('errors.api.VALIDATION_ERROR')) : undefined

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = ReviewInputSchema.safeParse({ rating, comment, photo })
    if (!parsed.success) {
      const found: Errors = {}
      for (const issue of parsed.error.issues) found[issue.path[0] as 'rating' | 'comment'] ??= issue.message
      setErrors(found)
      return
    }
    setErrors({})
    send.mutate(
      { item, input: parsed.data, ...(token ? { token } : {}), isEdit: initial !== undefined },
      {
        onSuccess: onSent,
        onError: (error) => {
          const fields = serverErrors(error)
          setErrors(Object.keys(fields).length > 0 ? fields : { form: errorText(error) })
        },
      },
    )
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex max-w-prose flex-col gap-4">
      <RatingField rating={rating} error={message(errors.rating)} onRate={setRating} />
      <TextAreaField
        label={t('reviews.form.comment')}
        hint={t('reviews.form.commentHint')}
        error={message(errors.comment)}
        value={comment}
        maxLength={REVIEW_LIMITS.maxComment + 100}
        rows={6}
        onChange={(event) => setComment(event.target.value)}
      />
      <PhotoField
        photo={photo}
        isUploading={isUploading}
        error={errors.photo ? (message(errors.photo) ?? errors.photo) : undefined}
        onPick={(file) => void onPhoto(file)}
        onRemove={() => setPhoto(null)}
      />
      {errors.form && (
        <p role="alert" className="text-red-700 dark:text-red-300">
          {errors.form}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={submitButtonClass} disabled={send.isPending || isUploading}>
          {send.isPending
            ? t('reviews.form.sending')
            : t(initial ? 'reviews.form.saveEdit' : 'reviews.form.submit')}
        </button>
        {onCancel && (
          <button type="button" className={secondaryButtonClass} onClick={onCancel}>
            {t('reviews.account.cancel')}
          </button>
        )}
      </div>
    </form>
  )
}

type PhotoFieldProps = {
  photo: string | null
  isUploading: boolean
  error: string | undefined
  onPick: (file: File | undefined) => void
  onRemove: () => void
}

function PhotoField({ photo, isUploading, error, onPick, onRemove }: PhotoFieldProps) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor="review-photo" className="font-semibold">
        {t('reviews.form.photo')}{' '}
        <span className="text-sm font-normal text-muted">({t('reviews.form.optional')})</span>
      </label>
      <p id="review-photo-hint" className="text-sm text-muted">
        {t('reviews.form.photoHint')}
      </p>
      {/* The browser's own file button speaks English ("Choose File"): it is hidden, and this
          label, styled as a button, opens it; the focus ring follows the hidden input. */}
      <input
        id="review-photo"
        type="file"
        className="peer sr-only"
        accept={UPLOAD_LIMITS.acceptedMimeTypes.join(',')}
        aria-describedby={error ? 'review-photo-hint review-photo-error' : 'review-photo-hint'}
        aria-invalid={error !== undefined}
        onChange={(event) => onPick(event.target.files?.[0])}
      />
      <label
        htmlFor="review-photo"
        className={`${secondaryButtonClass} cursor-pointer self-start peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-focus`}
      >
        {t('reviews.form.choosePhoto')}
      </label>
      {isUploading && <p aria-live="polite">{t('reviews.form.uploading')}</p>}
      {photo && (
        <div className="flex items-center gap-3">
          <img src={photo} alt="" width={96} height={72} className="h-18 w-24 rounded-lg object-cover" />
          <button type="button" className={secondaryButtonClass} onClick={onRemove}>
            {t('reviews.form.removePhoto')}
          </button>
        </div>
      )}
      {error && (
        <p id="review-photo-error" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  )
}

type RatingFieldProps = { rating: number; error: string | undefined; onRate: (stars: number) => void }

/** One to five stars as a radio group: each option says its number to a screen reader. */
function RatingField({ rating, error, onRate }: RatingFieldProps) {
  const { t } = useTranslation()
  return (
    <fieldset aria-describedby={error ? 'review-rating-error' : undefined}>
      <legend className="mb-2 font-semibold">{t('reviews.form.rating')}</legend>
      <div className="flex flex-wrap gap-3">
        {[1, 2, 3, 4, 5].map((stars) => (
          <label key={stars} className="flex min-h-11 items-center gap-1.5">
            <input
              type="radio"
              name="review-rating"
              value={stars}
              checked={rating === stars}
              onChange={() => onRate(stars)}
            />
            <span aria-hidden="true" className="text-amber-700 dark:text-amber-400">
              {'★'.repeat(stars)}
            </span>
            <span className="sr-only">{t('reviews.form.ratingOption', { count: stars })}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id="review-rating-error" className="mt-1 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </fieldset>
  )
}

/** The photo goes up as soon as it is picked; the review then names its address. */
function usePhoto(
  initial: string | null,
  token: string | undefined,
  onError: (error: string | undefined) => void,
) {
  const errorText = useApiErrorText()
  const [photo, setPhoto] = useState<string | null>(initial)
  const [isUploading, setIsUploading] = useState(false)
  const onPhoto = async (file: File | undefined) => {
    if (!file) return
    setIsUploading(true)
    onError(undefined)
    try {
      setPhoto(await reviewsApi.photo(file, token))
    } catch (error) {
      onError(errorText(error))
    } finally {
      setIsUploading(false)
    }
  }
  return { photo, setPhoto, isUploading, onPhoto }
}

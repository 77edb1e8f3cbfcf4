import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { REVIEW_STATUSES, type AdminReview, type ReviewStatus } from '@tavlin/contracts'
import { reviewQueries, useModerateReview, type Moderation } from '../../api/reviews'
import { StarRating } from '../../components/commerce/star-rating'
import { PaginationControls } from '../../components/ui/pagination-controls'
import { TextAreaField, TextField, submitButtonClass } from '../../components/ui/form-field'
import { dangerButtonClass, secondaryButtonClass } from '../../components/ui/confirm-dialog'
import { Spinner } from '../../components/ui/spinner'
import { useApiErrorText, useSaveErrorToast } from '../../hooks/use-api-error-text'
import { useTranslation } from '../../lib/i18n'
import { toast } from '../../lib/notify'
import { ReviewSettingsForm } from './review-settings-form'

/**
 * "חוות דעת" (issue 36): every review waits here until the owner approves it; a refusal keeps
 * its reason (the buyer sees it in their account), and the shop may reply in public.
 */
export function ReviewsPanel() {
  const { t } = useTranslation()
  const errorText = useApiErrorText()
  const [status, setStatus] = useState<ReviewStatus>('pending')
  const [page, setPage] = useState(1)
  const list = useQuery(reviewQueries.admin(status, page))
  return (
    <div className="flex flex-col gap-6">
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-2 font-semibold">{t('reviews.admin.statusFilter')}</legend>
        {REVIEW_STATUSES.map((option) => (
          <label key={option} className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name="review-status"
              checked={status === option}
              onChange={() => {
                setStatus(option)
                setPage(1)
              }}
            />
            {t(`reviews.admin.statuses.${option}`)}
          </label>
        ))}
      </fieldset>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <p role="alert">{t('reviews.admin.loadError', { message: errorText(list.error) })}</p>
      ) : list.data.items.length === 0 ? (
        <p className="text-muted">{t('reviews.admin.empty')}</p>
      ) : (
        <>
          <ul className="flex flex-col gap-4">
            {list.data.items.map((review) => (
              <ReviewCard key={review._id} review={review} />
            ))}
          </ul>
          <PaginationControls page={page} totalPages={list.data.totalPages} onPageChange={setPage} />
        </>
      )}
      <ReviewSettingsForm />
    </div>
  )
}

function ReviewCard({ review }: { review: AdminReview }) {
  const { t } = useTranslation()
  const moderate = useModerateReview()
  const saveErrorToast = useSaveErrorToast()
  const [isRejecting, setIsRejecting] = useState(false)
  const act = (action: Moderation, done: string) =>
    moderate.mutate(action, { onSuccess: () => toast.success(done), onError: saveErrorToast })
  const titleId = `admin-review-${review._id}`
  return (
    <li
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4"
    >
      <h3 id={titleId} className="font-semibold">
        {review.orderNumber
          ? t('reviews.admin.item', {
              name: review.itemName,
              author: review.author,
              order: review.orderNumber,
            })
          : t('reviews.admin.itemNoOrder', { name: review.itemName, author: review.author })}
      </h3>
      <StarRating average={review.rating} />
      <p className="whitespace-pre-line">{review.comment}</p>
      {review.photo && (
        <img
          src={review.photo}
          alt=""
          width={160}
          height={120}
          className="h-30 w-40 rounded-lg object-cover"
        />
      )}
      {review.status === 'rejected' && review.rejectionReason && (
        <p className="text-sm text-muted">
          {t('reviews.admin.rejectedBecause', { reason: review.rejectionReason })}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        {review.status !== 'approved' && (
          <button
            type="button"
            className={submitButtonClass}
            disabled={moderate.isPending}
            onClick={() => act({ act: 'approve', id: review._id }, t('reviews.admin.approved'))}
          >
            {t('reviews.admin.approve')}
          </button>
        )}
        {review.status !== 'rejected' && !isRejecting && (
          <button type="button" className={secondaryButtonClass} onClick={() => setIsRejecting(true)}>
            {t('reviews.admin.reject')}
          </button>
        )}
      </div>
      {isRejecting && (
        <RejectForm
          onReject={(reason) => act({ act: 'reject', id: review._id, reason }, t('reviews.admin.rejected'))}
        />
      )}
      {review.status === 'approved' && (
        <ReplyForm
          initial={review.reply?.text ?? ''}
          isPending={moderate.isPending}
          onReply={(reply) => act({ act: 'reply', id: review._id, reply }, t('reviews.admin.replied'))}
        />
      )}
    </li>
  )
}

function RejectForm({ onReject }: { onReject: (reason: string) => void }) {
  const { t } = useTranslation()
  const [reason, setReason] = useState('')
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        onReject(reason)
      }}
    >
      <TextField
        label={t('reviews.admin.reason')}
        hint={t('reviews.admin.reasonHint')}
        value={reason}
        required
        onChange={(event) => setReason(event.target.value)}
      />
      <button type="submit" className={`${dangerButtonClass} self-start`} disabled={reason.trim().length < 2}>
        {t('reviews.admin.confirmReject')}
      </button>
    </form>
  )
}

type ReplyFormProps = { initial: string; isPending: boolean; onReply: (reply: string) => void }

function ReplyForm({ initial, isPending, onReply }: ReplyFormProps) {
  const { t } = useTranslation()
  const [reply, setReply] = useState(initial)
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        onReply(reply)
      }}
    >
      <TextAreaField
        label={t('reviews.admin.reply')}
        hint={t('reviews.admin.replyHint')}
        value={reply}
        rows={3}
        onChange={(event) => setReply(event.target.value)}
      />
      <button type="submit" className={`${secondaryButtonClass} self-start`} disabled={isPending}>
        {t('reviews.admin.saveReply')}
      </button>
    </form>
  )
}

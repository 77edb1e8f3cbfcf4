import { useEffect, useRef } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useTranslation } from '../../lib/i18n'
import { CancellationFormSchema, ErrorDetailSchema } from '@tavlin/contracts'
import { useSendCancellation } from '../../api/cancellations'
import { TextAreaField, TextField, submitButtonClass } from '../../components/ui/form-field'
import { Spinner } from '../../components/ui/spinner'
import { useErrorText } from '../../hooks/use-error-text'
import { isApiError } from '../../lib/api-error'

const EMPTY = { orderNumber: '', contact: '', message: '', isDefect: false }
const FIELDS = ['orderNumber', 'contact', 'message'] as const

/**
 * The ביטול עסקה form (Consumer Protection Law §14ג): works without signing in; the
 * server answers the same whether or not the order exists, and so does this form. The
 * signed-in owner's notice is given at once; anyone else's waits for the order's own
 * mailbox to confirm it (issue 33, decision 238), and the answer says which.
 */
export function CancelOrderForm() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const send = useSendCancellation()
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(CancellationFormSchema), defaultValues: EMPTY })

  const onSubmit = handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: () => reset(EMPTY),
      onError: (error) => {
        if (!isApiError(error) || !Array.isArray(error.details)) return
        for (const entry of error.details) {
          const detail = ErrorDetailSchema.safeParse(entry)
          const name = FIELDS.find((field) => detail.success && detail.data.field === `body.${field}`)
          if (name && detail.success) setError(name, { type: 'server', message: detail.data.message })
        }
      },
    }),
  )

  if (send.isSuccess)
    return <Sent isFiled={send.data.confirmation === 'filed'} onAgain={() => send.reset()} />

  const isRateLimited = isApiError(send.error) && send.error.code === 'RATE_LIMITED'
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      <TextField
        label={t('cancellation.orderNumber')}
        hint={t('cancellation.orderNumberHint')}
        dir="ltr"
        autoComplete="off"
        error={errorText(errors.orderNumber?.message)}
        {...register('orderNumber')}
      />
      <TextField
        label={t('cancellation.contact')}
        dir="ltr"
        autoComplete="email"
        error={errorText(errors.contact?.message)}
        {...register('contact')}
      />
      <TextAreaField
        label={t('cancellation.message')}
        className="sm:col-span-2"
        error={errorText(errors.message?.message)}
        {...register('message')}
      />
      <label className="flex items-center gap-3 sm:col-span-2">
        <input type="checkbox" className="size-5 accent-primary" {...register('isDefect')} />
        <span>{t('cancellation.isDefect')}</span>
      </label>
      {send.isError && (
        <p role="alert" className="font-medium text-red-700 sm:col-span-2 dark:text-red-300">
          {isRateLimited ? t('forms.rateLimited') : t('cancellation.failed')}
        </p>
      )}
      <div className="flex items-center gap-4 sm:col-span-2">
        <button type="submit" disabled={send.isPending} className={submitButtonClass}>
          {send.isPending ? t('cancellation.sending') : t('cancellation.submit')}
        </button>
        {send.isPending && <Spinner size="sm" />}
      </div>
    </form>
  )
}

/** Replaces the sent form and takes focus, so screen-reader users hear the news. */
function Sent({ isFiled, onAgain }: { isFiled: boolean; onAgain: () => void }) {
  const { t } = useTranslation()
  const headingRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => headingRef.current?.focus(), [])
  return (
    <div
      role="status"
      className="flex flex-col items-start gap-3 rounded-2xl border border-olive/40 bg-olive/10 p-6"
    >
      <h2 ref={headingRef} tabIndex={-1} className="text-xl font-bold outline-none">
        {isFiled ? t('cancellation.successTitle') : t('cancellation.byEmailTitle')}
      </h2>
      <p className="text-muted">{isFiled ? t('cancellation.successText') : t('cancellation.byEmailText')}</p>
      <button
        type="button"
        onClick={onAgain}
        className="font-semibold text-primary underline underline-offset-4"
      >
        {t('cancellation.again')}
      </button>
    </div>
  )
}

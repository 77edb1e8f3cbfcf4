import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useTranslation } from '../../lib/i18n'
import { DeletionRequestFormSchema, HONEYPOT_FIELD, type DeletionRequestForm } from '@tavlin/contracts'
import { useRequestDeletion } from '../../api/privacy'
import { HoneypotField, TextAreaField, TextField, submitButtonClass } from '../../components/ui/form-field'
import { useErrorText } from '../../hooks/use-error-text'
import { applyServerFieldErrors } from '../../lib/server-errors'

const EMPTY: DeletionRequestForm = { email: '', message: '', [HONEYPOT_FIELD]: '' }

/**
 * On the privacy page: a person asks for their data to be erased. The address gets a link,
 * and the admin sees the request once its owner confirms it (issue 33, decision 237).
 */
export function DeletionRequestFormView() {
  const { t } = useTranslation()
  const headingId = useId()
  const errorText = useErrorText()
  const request = useRequestDeletion()
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<DeletionRequestForm>({ resolver: zodResolver(DeletionRequestFormSchema), defaultValues: EMPTY })
  const onSubmit = handleSubmit((form) =>
    request.mutate(form, { onError: (error) => applyServerFieldErrors(error, setError) }),
  )
  return (
    <section aria-labelledby={headingId} className="max-w-prose rounded-2xl bg-surface-2 p-6">
      <h2 id={headingId} className="mb-2 text-2xl font-bold">
        {t('legal.deletion.title')}
      </h2>
      {request.isSuccess ? (
        <p role="status" className="font-semibold">
          {t('legal.deletion.sent')}
        </p>
      ) : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
          <p>{t('legal.deletion.lead')}</p>
          <TextField
            label={t('legal.deletion.email')}
            type="email"
            dir="ltr"
            autoComplete="email"
            error={errorText(errors.email?.message)}
            {...register('email')}
          />
          <TextAreaField
            label={t('legal.deletion.message')}
            note={t('forms.optional')}
            error={errorText(errors.message?.message)}
            {...register('message')}
          />
          <HoneypotField label={t('forms.honeypot')} {...register(HONEYPOT_FIELD)} />
          {request.isError && <p role="alert">{t('legal.deletion.error')}</p>}
          <button type="submit" className={`${submitButtonClass} self-start`} disabled={request.isPending}>
            {t('legal.deletion.submit')}
          </button>
        </form>
      )}
    </section>
  )
}

import { Controller, useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useTranslation } from '../../lib/i18n'
import { EventInquiryFormSchema, HONEYPOT_FIELD } from '@tavlin/contracts'
import { useSendEventInquiry } from '../../api/forms'
import { PrivacyNote } from '../../components/ui/consent-fields'
import { HoneypotField, TextAreaField, TextField } from '../../components/ui/form-field'
import { DateField } from '../../components/ui/date-field'
import { applyServerErrors, submitErrorKey, useErrorText } from './form-errors'
import { FormFailure, SubmitRow } from './form-parts'
import { FormConfirmation } from './form-confirmation'

const EMPTY = { name: '', email: '', company: '', eventDescription: '', eventDate: '', [HONEYPOT_FIELD]: '' }
const FIELDS = ['name', 'email', 'company', 'eventDescription', 'eventDate'] as const

/** The /events inquiry form; the shop gets it by e-mail and the visitor a confirmation. */
export function EventInquiryForm() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const send = useSendEventInquiry()
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(EventInquiryFormSchema), defaultValues: EMPTY })

  const onSubmit = handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: () => reset(EMPTY),
      // Field details land on the fields; the alert below the form says what happened.
      onError: (error) => applyServerErrors(error, setError, FIELDS),
    }),
  )

  if (send.isSuccess) {
    return (
      <FormConfirmation
        title={t('forms.events.successTitle')}
        text={t('forms.events.successText')}
        againLabel={t('forms.events.sendAnother')}
        onAgain={() => send.reset()}
      />
    )
  }

  const failure = send.isError ? submitErrorKey(send.error, 'forms.failed') : null
  return (
    <form noValidate onSubmit={onSubmit} className="relative grid gap-4 sm:grid-cols-2">
      <TextField
        label={t('forms.events.name')}
        autoComplete="name"
        error={errorText(errors.name?.message)}
        {...register('name')}
      />
      <TextField
        label={t('forms.events.email')}
        type="email"
        dir="ltr"
        autoComplete="email"
        error={errorText(errors.email?.message)}
        {...register('email')}
      />
      <TextField
        label={t('forms.events.company')}
        note={t('forms.optional')}
        autoComplete="organization"
        error={errorText(errors.company?.message)}
        {...register('company')}
      />
      {/* The schema refuses a past day (Israel's today). */}
      <Controller
        control={control}
        name="eventDate"
        render={({ field }) => (
          <DateField
            label={t('forms.events.eventDate')}
            error={errorText(errors.eventDate?.message)}
            {...field}
          />
        )}
      />
      <TextAreaField
        label={t('forms.events.eventDescription')}
        hint={t('forms.events.eventDescriptionHint')}
        className="sm:col-span-2"
        error={errorText(errors.eventDescription?.message)}
        {...register('eventDescription')}
      />
      <div className="sm:col-span-2">
        <PrivacyNote />
      </div>
      <HoneypotField label={t('forms.honeypot')} {...register(HONEYPOT_FIELD)} />
      <FormFailure failure={failure} />
      <SubmitRow isPending={send.isPending} label={t('forms.events.submit')} />
    </form>
  )
}

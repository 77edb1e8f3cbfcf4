import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useTranslation } from '../../lib/i18n'
import { ContactFormSchema, HONEYPOT_FIELD } from '@tavlin/contracts'
import { useSendContactMessage } from '../../api/forms'
import { PrivacyNote } from '../../components/ui/consent-fields'
import { HoneypotField, TextAreaField, TextField } from '../../components/ui/form-field'
import { applyServerErrors, submitErrorKey, useErrorText } from './form-errors'
import { FormFailure, SubmitRow } from './form-parts'
import { FormConfirmation } from './form-confirmation'

const EMPTY = { name: '', email: '', phone: '', subject: '', message: '', [HONEYPOT_FIELD]: '' }
const FIELDS = ['name', 'email', 'phone', 'subject', 'message'] as const

/** The /contact form: every field required; the shop gets it by e-mail. */
export function ContactForm() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const send = useSendContactMessage()
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ContactFormSchema), defaultValues: EMPTY })

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
        title={t('forms.contact.successTitle')}
        text={t('forms.contact.successText')}
        againLabel={t('forms.contact.sendAnother')}
        onAgain={() => send.reset()}
      />
    )
  }

  const failure = send.isError ? submitErrorKey(send.error, 'forms.failed') : null
  return (
    <form noValidate onSubmit={onSubmit} className="relative grid gap-4 sm:grid-cols-2">
      <TextField
        label={t('forms.contact.name')}
        autoComplete="name"
        error={errorText(errors.name?.message)}
        {...register('name')}
      />
      <TextField
        label={t('forms.contact.email')}
        type="email"
        dir="ltr"
        autoComplete="email"
        error={errorText(errors.email?.message)}
        {...register('email')}
      />
      <TextField
        label={t('forms.contact.phone')}
        type="tel"
        dir="ltr"
        autoComplete="tel"
        error={errorText(errors.phone?.message)}
        {...register('phone')}
      />
      <TextField
        label={t('forms.contact.subject')}
        error={errorText(errors.subject?.message)}
        {...register('subject')}
      />
      <TextAreaField
        label={t('forms.contact.message')}
        className="sm:col-span-2"
        error={errorText(errors.message?.message)}
        {...register('message')}
      />
      <div className="sm:col-span-2">
        <PrivacyNote />
      </div>
      <HoneypotField label={t('forms.honeypot')} {...register(HONEYPOT_FIELD)} />
      <FormFailure failure={failure} />
      <SubmitRow isPending={send.isPending} label={t('forms.contact.submit')} />
    </form>
  )
}

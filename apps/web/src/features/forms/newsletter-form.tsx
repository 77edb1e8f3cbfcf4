import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useTranslation } from '../../lib/i18n'
import { toast } from '../../lib/notify'
import { HONEYPOT_FIELD, NewsletterFormSchema } from '@tavlin/contracts'
import { useSubscribeNewsletter } from '../../api/forms'
import { HoneypotField, TextField, submitButtonClass } from '../../components/ui/form-field'
import { Spinner } from '../../components/ui/spinner'
import { MarketingConsentCheckbox, PrivacyNote } from '../../components/ui/consent-fields'
import { submitErrorKey, useErrorText } from './form-errors'

const EMPTY = { fullName: '', email: '', city: '', marketingConsent: false, [HONEYPOT_FIELD]: '' }

/**
 * The footer's subscribe form (spec §4 Newsletter): the form resets and thanks the
 * visitor at once; a failure arriving later is reported by an error toast. With the
 * consent box ticked the thanks says to confirm from the mailbox: the consent is
 * recorded only then (issue 33, decision 237).
 */
export function NewsletterForm() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const subscribe = useSubscribeNewsletter()
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(NewsletterFormSchema), defaultValues: EMPTY })

  const onSubmit = handleSubmit((values) => {
    subscribe.mutate(values, {
      onError: (error) => toast.error(t(submitErrorKey(error, 'footer.subscribe.error'))),
    })
    reset(EMPTY)
    toast.success(t(values.marketingConsent ? 'footer.subscribe.successConfirm' : 'footer.subscribe.success'))
  })

  if (subscribe.isPending) {
    return (
      <div className="flex min-h-40 items-center justify-center" aria-live="polite">
        <Spinner />
      </div>
    )
  }

  return (
    <form noValidate onSubmit={onSubmit} className="relative flex flex-col gap-3">
      <TextField
        label={t('footer.subscribe.fullName')}
        autoComplete="name"
        error={errorText(errors.fullName?.message)}
        {...register('fullName')}
      />
      <TextField
        label={t('footer.subscribe.email')}
        type="email"
        dir="ltr"
        autoComplete="email"
        error={errorText(errors.email?.message)}
        {...register('email')}
      />
      <TextField
        label={t('footer.subscribe.city')}
        autoComplete="address-level2"
        error={errorText(errors.city?.message)}
        {...register('city')}
      />
      <MarketingConsentCheckbox {...register('marketingConsent')} />
      <PrivacyNote />
      <HoneypotField label={t('forms.honeypot')} {...register(HONEYPOT_FIELD)} />
      <button type="submit" className={`${submitButtonClass} mt-1 w-full`}>
        {t('footer.subscribe.submit')}
      </button>
    </form>
  )
}

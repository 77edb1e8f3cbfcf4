import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { useQuery } from '@tanstack/react-query'
import { AccountProfileInputSchema, CheckoutCustomerSchema, type AccountProfile } from '@tavlin/contracts'
import { useTranslation } from '../../lib/i18n'
import { accountQueries, useSaveProfile } from '../../api/account'
import { applyServerFieldErrors } from '../../lib/server-errors'
import { useApiErrorText } from '../../hooks/use-api-error-text'
import { useErrorText } from '../../hooks/use-error-text'
import { TextField, submitButtonClass } from '../../components/ui/form-field'
import { MarketingConsentCheckbox } from '../../components/ui/consent-fields'
import { Spinner } from '../../components/ui/spinner'
import { toast } from '../../lib/notify'
import { sectionClass, sectionTitleClass } from './account-format'
import { NameFields } from '../../components/address/name-fields'

// The phone is optional here: an empty field means "no phone" (null on the wire).
const ProfileFormSchema = AccountProfileInputSchema.extend({
  phone: z.union([z.literal(''), CheckoutCustomerSchema.shape.phone]),
})
type ProfileForm = z.input<typeof ProfileFormSchema>
type ProfileValues = z.output<typeof ProfileFormSchema>

/** "פרטים אישיים": names, phone and marketing mail (unticked unless the server says it is on). */
export function ProfileSection() {
  const { t } = useTranslation()
  const profile = useQuery(accountQueries.profile())
  return (
    <section id="profile" aria-labelledby="account-profile" className={sectionClass}>
      <h2 id="account-profile" className={sectionTitleClass}>
        {t('account.profile.title')}
      </h2>
      {profile.data ? <ProfileForm profile={profile.data} /> : <Spinner />}
    </section>
  )
}

function ProfileForm({ profile }: { profile: AccountProfile }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const apiErrorText = useApiErrorText()
  const save = useSaveProfile()
  const form = useForm<ProfileForm, unknown, ProfileValues>({
    resolver: zodResolver(ProfileFormSchema),
    defaultValues: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      phone: profile.phone ?? '',
      marketingConsent: profile.marketingConsent === true,
    },
  })
  const { register, handleSubmit, setError, formState } = form
  const { errors } = formState

  const onSubmit = handleSubmit((values) => {
    save.mutate(
      { ...values, phone: values.phone === '' ? null : values.phone },
      {
        onSuccess: () => toast.success(t('account.profile.saved'), { toastId: 'account-profile-saved' }),
        onError: (error) => {
          applyServerFieldErrors(error, setError, 'body.')
        },
      },
    )
  })

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      <p className="sm:col-span-2">
        {t('account.profile.email')} <bdi dir="ltr">{profile.email}</bdi>
      </p>
      {!profile.emailVerified && (
        <p className="rounded-2xl bg-surface-2 p-3 text-sm sm:col-span-2">
          {t('account.profile.emailNotVerified')}
        </p>
      )}
      <NameFields
        firstName={register('firstName')}
        lastName={register('lastName')}
        errors={{
          firstName: errorText(errors.firstName?.message),
          lastName: errorText(errors.lastName?.message),
        }}
      />
      <TextField
        label={t('checkout.phone')}
        note={t('forms.optional')}
        type="tel"
        dir="ltr"
        autoComplete="tel"
        maxLength={20}
        error={errorText(errors.phone?.message)}
        {...register('phone')}
      />
      <div className="sm:col-span-2">
        <MarketingConsentCheckbox {...register('marketingConsent')} />
      </div>
      {save.isError &&
        !(formState.errors.firstName || formState.errors.lastName || formState.errors.phone) && (
          <p role="alert" className="text-sm font-medium text-red-700 sm:col-span-2 dark:text-red-300">
            {apiErrorText(save.error)}
          </p>
        )}
      <div className="sm:col-span-2">
        <button type="submit" className={submitButtonClass} disabled={save.isPending}>
          {t('account.profile.save')}
        </button>
      </div>
    </form>
  )
}

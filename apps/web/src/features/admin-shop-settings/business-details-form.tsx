import { useEffect } from 'react'
import { Controller, useForm, type FieldErrors, type UseFormRegister } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import { useTranslation } from '../../lib/i18n'
import {
  BusinessDetailsInputSchema,
  DEMO_BUSINESS_DETAILS,
  type BusinessDetailField,
  type BusinessDetailsInput,
  type SocialLinkField,
} from '@tavlin/contracts'
import { adminShopQueries, useSaveBusinessDetails } from '../../api/admin-shop'
import { FormSection } from '../../components/ui/admin-form'
import { TextField, submitButtonClass } from '../../components/ui/form-field'
import { DateField } from '../../components/ui/date-field'
import { PageSpinner } from '../../components/ui/spinner'
import { useSaveErrorToast } from '../../hooks/use-api-error-text'
import { useErrorText } from '../../hooks/use-error-text'
import { toast } from '../../lib/notify'
import { applyServerFieldErrors } from '../../lib/server-errors'
import { MissingDetailsList } from './missing-details-notice'

type FieldSpec = { name: BusinessDetailField; type?: string; dir?: 'ltr' }

// No delivery group (issue 35): what the shop says about delivery is written from the delivery methods.
const GROUPS: ReadonlyArray<{ legend: 'business' | 'accessibility'; fields: FieldSpec[] }> = [
  {
    legend: 'business',
    fields: [
      { name: 'legalName' },
      { name: 'businessNumber', dir: 'ltr' },
      { name: 'address' },
      { name: 'phone', type: 'tel', dir: 'ltr' },
      { name: 'email', type: 'email', dir: 'ltr' },
    ],
  },
  {
    legend: 'accessibility',
    fields: [
      { name: 'coordinatorName' },
      { name: 'coordinatorPhone', type: 'tel', dir: 'ltr' },
      { name: 'coordinatorEmail', type: 'email', dir: 'ltr' },
      { name: 'accessibilityReviewDate', type: 'date' },
    ],
  },
]

// Not legal details: no demo value stands in, and an empty one shows no link in the footer.
const SOCIAL_FIELDS: ReadonlyArray<{ name: SocialLinkField; placeholder: string }> = [
  { name: 'instagramUrl', placeholder: 'https://www.instagram.com/…' },
  { name: 'facebookUrl', placeholder: 'https://www.facebook.com/…' },
]

/** The owner's business details (issue 18); saved details are audited by the server. */
export function BusinessDetailsForm() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const showSaveError = useSaveErrorToast()
  const { data } = useQuery(adminShopQueries.details())
  const save = useSaveBusinessDetails()
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof BusinessDetailsInputSchema>, unknown, BusinessDetailsInput>({
    resolver: zodResolver(BusinessDetailsInputSchema),
  })

  useEffect(() => {
    if (data) reset(data.saved)
  }, [data, reset])

  if (!data) return <PageSpinner />

  const onSubmit = handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: () => toast.success(t('shopSettings.saved')),
      onError: (error) => {
        applyServerFieldErrors(error, setError)
        showSaveError(error)
      },
    }),
  )

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={save.isPending} className="flex max-w-3xl flex-col gap-5">
      <p className="text-muted">{t('shopSettings.intro')}</p>
      <MissingDetailsList missing={data.missing} />
      {GROUPS.map((group) => (
        <FormSection key={group.legend} legend={t(`shopSettings.groups.${group.legend}`)}>
          {group.fields.map(({ name, type = 'text', dir }) =>
            type === 'date' ? (
              // Day/month/year in Hebrew, not the browser's own "dd/mm/yyyy" control (issue 35).
              <Controller
                key={name}
                control={control}
                name={name}
                render={({ field }) => (
                  <DateField
                    label={t(`shopSettings.fields.${name}`)}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    error={errorText(errors[name]?.message)}
                  />
                )}
              />
            ) : (
              <TextField
                key={name}
                type={type}
                dir={dir}
                label={t(`shopSettings.fields.${name}`)}
                hint={t('shopSettings.demoHint', { value: DEMO_BUSINESS_DETAILS[name] })}
                error={errorText(errors[name]?.message)}
                {...register(name)}
              />
            ),
          )}
        </FormSection>
      ))}
      <SocialLinksSection register={register} errors={errors} />
      <button type="submit" className={`${submitButtonClass} self-start`} disabled={save.isPending}>
        {save.isPending ? t('shopSettings.saving') : t('shopSettings.save')}
      </button>
    </form>
  )
}

type DetailsForm = z.input<typeof BusinessDetailsInputSchema>

/** The shop's social pages: https addresses, none by default. */
function SocialLinksSection({
  register,
  errors,
}: {
  register: UseFormRegister<DetailsForm>
  errors: FieldErrors<DetailsForm>
}) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  return (
    <FormSection legend={t('shopSettings.groups.social')}>
      {SOCIAL_FIELDS.map(({ name, placeholder }) => (
        <TextField
          key={name}
          type="url"
          dir="ltr"
          placeholder={placeholder}
          label={t(`shopSettings.fields.${name}`)}
          hint={t('shopSettings.socialHint')}
          error={errorText(errors[name]?.message)}
          {...register(name)}
        />
      ))}
    </FormSection>
  )
}

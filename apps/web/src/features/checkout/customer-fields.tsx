import { useTranslation } from '../../lib/i18n'
import type { ParseKeys } from '../../lib/i18n'
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form'
import type { CheckoutCustomer } from '@tavlin/contracts'
import { TextAreaField, TextField } from '../../components/ui/form-field'
import { LocalityCombobox } from '../../components/locality/locality-combobox'

/** The schema's messages are translation keys; its few length limits carry library text. */
function useErrorText() {
  const { t, i18n } = useTranslation()
  return (message: string | undefined) =>
    message ? (i18n.exists(message) ? t(message as ParseKeys) : t('validation.tooLong')) : undefined
}

type CustomerFieldsProps = {
  register: UseFormRegister<CheckoutCustomer>
  control: Control<CheckoutCustomer>
  errors: FieldErrors<CheckoutCustomer>
  /** The city field was left: checked at once, so a name not on the list is told there. */
  onCityLeft: () => void
}

/** The delivery details: name, contact, address and notes, two to a row on wide screens. */
export function CustomerFields(props: CustomerFieldsProps) {
  return (
    <>
      <ContactFields {...props} />
      <AddressFields {...props} />
    </>
  )
}

function ContactFields({ register, errors }: CustomerFieldsProps) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  return (
    <>
      <TextField
        label={t('checkout.firstName')}
        autoComplete="given-name"
        maxLength={100}
        error={errorText(errors.firstName?.message)}
        {...register('firstName')}
      />
      <TextField
        label={t('checkout.lastName')}
        autoComplete="family-name"
        maxLength={100}
        error={errorText(errors.lastName?.message)}
        {...register('lastName')}
      />
      <TextField
        label={t('checkout.email')}
        type="email"
        dir="ltr"
        autoComplete="email"
        maxLength={254}
        error={errorText(errors.email?.message)}
        {...register('email')}
      />
      <TextField
        label={t('checkout.phone')}
        type="tel"
        dir="ltr"
        autoComplete="tel"
        maxLength={20}
        error={errorText(errors.phone?.message)}
        {...register('phone')}
      />
    </>
  )
}

function AddressFields({ register, control, errors, onCityLeft }: CustomerFieldsProps) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  return (
    <>
      <TextField
        label={t('checkout.street')}
        autoComplete="address-line1"
        maxLength={200}
        error={errorText(errors.address?.street?.message)}
        {...register('address.street')}
      />
      <TextField
        label={t('checkout.streetNum')}
        inputMode="numeric"
        maxLength={20}
        error={errorText(errors.address?.streetNum?.message)}
        {...register('address.streetNum')}
      />
      <Controller
        control={control}
        name="address.city"
        render={({ field }) => (
          <LocalityCombobox
            label={t('checkout.city')}
            autoComplete="address-level2"
            name={field.name}
            ref={field.ref}
            value={field.value}
            onChange={field.onChange}
            onBlur={() => {
              field.onBlur()
              onCityLeft()
            }}
            error={errorText(errors.address?.city?.message)}
          />
        )}
      />
      <AddressDetailFields register={register} errors={errors} />
      <TextField
        label={t('checkout.postalCode')}
        note={t('forms.optional')}
        inputMode="numeric"
        dir="ltr"
        autoComplete="postal-code"
        maxLength={20}
        error={errorText(errors.address?.postal_code?.message)}
        {...register('address.postal_code')}
      />
      <TextAreaField
        label={t('checkout.notes')}
        note={t('forms.optional')}
        hint={t('checkout.notesHint')}
        rows={3}
        maxLength={1000}
        className="sm:col-span-2"
        error={errorText(errors.notes?.message)}
        {...register('notes')}
      />
    </>
  )
}

const ADDRESS_DETAILS = ['entrance', 'floor', 'apartment'] as const

/** Entrance, floor and apartment (decision 226): optional and short, three to a row on wide screens. */
function AddressDetailFields({ register, errors }: Pick<CustomerFieldsProps, 'register' | 'errors'>) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  return (
    <div className="grid grid-cols-3 gap-3 sm:col-span-2">
      {ADDRESS_DETAILS.map((field) => (
        <TextField
          key={field}
          label={t(`checkout.${field}`)}
          note={t('forms.optional')}
          maxLength={10}
          error={errorText(errors.address?.[field]?.message)}
          {...register(`address.${field}`)}
        />
      ))}
    </div>
  )
}

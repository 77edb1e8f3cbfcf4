import { useTranslation } from '../../lib/i18n'
import type { ParseKeys } from '../../lib/i18n'
import { useController, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form'
import type { CheckoutCustomer } from '@tavlin/contracts'
import { TextAreaField, TextField } from '../../components/ui/form-field'
import {
  AddressFields as SharedAddressFields,
  addressErrorTexts,
  registerAddress,
} from '../../components/address/address-fields'
import { NameFields } from '../../components/address/name-fields'
import { useCheckoutRules } from './checkout-delivery'

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
  // The owner asks for a mobile (couriers text the customer, decision 253): the label says so.
  const isMobileOnly = useCheckoutRules().mobilePhoneOnly
  const errorText = useErrorText()
  return (
    <>
      <NameFields
        firstName={register('firstName')}
        lastName={register('lastName')}
        errors={{
          firstName: errorText(errors.firstName?.message),
          lastName: errorText(errors.lastName?.message),
        }}
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
        label={isMobileOnly ? t('checkout.phoneMobile') : t('checkout.phone')}
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
  const { field: city } = useController({ control, name: 'address.city' })
  return (
    <>
      <SharedAddressFields
        fields={registerAddress((key) => register(`address.${key}`))}
        cityRef={city.ref}
        city={{
          name: city.name,
          value: city.value,
          onChange: city.onChange,
          onBlur: () => {
            city.onBlur()
            onCityLeft()
          },
        }}
        errors={addressErrorTexts(errors.address, errorText)}
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

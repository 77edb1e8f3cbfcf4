import type { Ref } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { useTranslation } from '../../lib/i18n'
import { TextField } from '../ui/form-field'
import { LocalityCombobox } from '../locality/locality-combobox'

export const ADDRESS_TEXT_KEYS = [
  'street',
  'streetNum',
  'entrance',
  'floor',
  'apartment',
  'postal_code',
] as const
export type AddressTextKey = (typeof ADDRESS_TEXT_KEYS)[number]
type AddressKey = AddressTextKey | 'city'

const DETAILS = ['entrance', 'floor', 'apartment'] as const

export type AddressFieldsProps = {
  /** Each text field's `register(…)`, under whatever path the form keeps the address. */
  fields: Record<AddressTextKey, UseFormRegisterReturn>
  /** The city: react-hook-form's controlled field (`useController`), and what to do when it is left. */
  city: { name: string; value: string; onChange: (value: string) => void; onBlur: () => void }
  /** The city field's `ref`, so the form can focus it on an error. */
  cityRef: Ref<HTMLInputElement>
  /** Each field's message, already translated. */
  errors: Partial<Record<AddressKey, string | undefined>>
}

/** Every text field's `register(…)`, given how the form names a field of its address. */
export function registerAddress(register: (key: AddressTextKey) => UseFormRegisterReturn) {
  return Object.fromEntries(ADDRESS_TEXT_KEYS.map((key) => [key, register(key)])) as Record<
    AddressTextKey,
    UseFormRegisterReturn
  >
}

/** The fields' messages of a form's address errors, each through `text` (the form's translation). */
export function addressErrorTexts(
  errors: Partial<Record<AddressKey, { message?: string | undefined } | undefined>> | undefined,
  text: (message: string | undefined) => string | undefined,
): AddressFieldsProps['errors'] {
  const keys: AddressKey[] = [...ADDRESS_TEXT_KEYS, 'city']
  return Object.fromEntries(keys.map((key) => [key, text(errors?.[key]?.message)]))
}

/**
 * The address of checkout and of a shopper's saved addresses: street, number, the city from
 * the localities list (decision 227), entrance, floor and apartment (decision 226, three to a
 * row) and the postal code, two to a row on wide screens.
 */
export function AddressFields({ fields, city, cityRef, errors }: AddressFieldsProps) {
  const { t } = useTranslation()
  return (
    <>
      <TextField
        label={t('checkout.street')}
        autoComplete="address-line1"
        maxLength={200}
        error={errors.street}
        {...fields.street}
      />
      <TextField
        label={t('checkout.streetNum')}
        inputMode="numeric"
        maxLength={20}
        error={errors.streetNum}
        {...fields.streetNum}
      />
      <LocalityCombobox
        label={t('checkout.city')}
        autoComplete="address-level2"
        name={city.name}
        ref={cityRef}
        value={city.value}
        onChange={city.onChange}
        onBlur={city.onBlur}
        error={errors.city}
      />
      <div className="grid grid-cols-3 gap-3 sm:col-span-2">
        {DETAILS.map((detail) => (
          <TextField
            key={detail}
            label={t(`checkout.${detail}`)}
            note={t('forms.optional')}
            maxLength={10}
            error={errors[detail]}
            {...fields[detail]}
          />
        ))}
      </div>
      <TextField
        label={t('checkout.postalCode')}
        note={t('forms.optional')}
        inputMode="numeric"
        dir="ltr"
        autoComplete="postal-code"
        maxLength={20}
        error={errors.postal_code}
        {...fields.postal_code}
      />
    </>
  )
}

import { useController, useForm, type UseFormReturn } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import type { z } from 'zod'
import { SavedAddressInputSchema, type SavedAddress, type SavedAddressInput } from '@tavlin/contracts'
import { useTranslation } from '../../lib/i18n'
import { useSaveAddress } from '../../api/account'
import { applyServerFieldErrors } from '../../lib/server-errors'
import { useApiErrorText } from '../../hooks/use-api-error-text'
import { useErrorText } from '../../hooks/use-error-text'
import { TextField, submitButtonClass } from '../../components/ui/form-field'
import { secondaryButtonClass } from '../../components/ui/confirm-dialog'
import {
  AddressFields as SharedAddressFields,
  addressErrorTexts,
  registerAddress,
} from '../../components/address/address-fields'

type AddressForm = z.input<typeof SavedAddressInputSchema>

type AddressFormProps = {
  /** The address being changed; null for a new one. */
  address: SavedAddress | null
  onDone: () => void
}

function defaultsOf(address: SavedAddress | null): AddressForm {
  return {
    label: address?.label ?? '',
    street: address?.street ?? '',
    streetNum: address?.streetNum ?? '',
    city: address?.city ?? '',
    entrance: address?.entrance ?? '',
    floor: address?.floor ?? '',
    apartment: address?.apartment ?? '',
    postal_code: address?.postal_code ?? '',
    isDefault: address?.isDefault ?? false,
  }
}

/** Add or change a saved address: the checkout's address fields, the city from the localities list. */
export function AddressForm({ address, onDone }: AddressFormProps) {
  const { t } = useTranslation()
  const apiErrorText = useApiErrorText()
  const save = useSaveAddress()
  const form = useForm<AddressForm, unknown, SavedAddressInput>({
    resolver: zodResolver(SavedAddressInputSchema),
    defaultValues: defaultsOf(address),
  })
  const { register, handleSubmit, setError, formState } = form
  const { errors } = formState
  const title = address ? t('account.addresses.editTitle') : t('account.addresses.addTitle')

  const onSubmit = handleSubmit((input) => {
    save.mutate(
      { id: address?._id ?? null, input },
      { onSuccess: onDone, onError: (error) => void applyServerFieldErrors(error, setError, 'body.') },
    )
  })
  const hasFieldErrors = Object.keys(errors).length > 0

  return (
    <form
      noValidate
      aria-label={title}
      onSubmit={onSubmit}
      className="grid gap-4 rounded-2xl border border-line p-4 sm:grid-cols-2"
    >
      <h3 className="text-lg font-bold sm:col-span-2">{title}</h3>
      <AddressFields form={form} />
      <label className="flex items-center gap-2 sm:col-span-2">
        <input type="checkbox" className="size-5 accent-primary" {...register('isDefault')} />
        {t('account.addresses.makeDefaultField')}
      </label>
      {save.isError && !hasFieldErrors && (
        <p role="alert" className="text-sm font-medium text-red-700 sm:col-span-2 dark:text-red-300">
          {apiErrorText(save.error)}
        </p>
      )}
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <button type="submit" className={submitButtonClass} disabled={save.isPending}>
          {t('account.addresses.save')}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={onDone}>
          {t('account.addresses.cancel')}
        </button>
      </div>
    </form>
  )
}

/** The label the shopper gives it, then the checkout's address fields. */
function AddressFields({ form }: { form: UseFormReturn<AddressForm, unknown, SavedAddressInput> }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const { register, control, formState, trigger, getValues } = form
  const { errors } = formState
  const { field: city } = useController({ control, name: 'city' })
  return (
    <>
      <TextField
        label={t('account.addresses.label')}
        note={t('forms.optional')}
        maxLength={40}
        error={errorText(errors.label?.message)}
        {...register('label')}
      />
      <SharedAddressFields
        fields={registerAddress((key) => register(key))}
        cityRef={city.ref}
        city={{
          name: city.name,
          value: city.value,
          onChange: city.onChange,
          onBlur: () => {
            city.onBlur()
            if (getValues('city')) void trigger('city')
          },
        }}
        errors={addressErrorTexts(errors, errorText)}
      />
    </>
  )
}

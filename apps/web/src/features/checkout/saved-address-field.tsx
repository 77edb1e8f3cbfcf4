import { useId } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import type { CheckoutCustomer } from '@tavlin/contracts'
import { useTranslation } from '../../lib/i18n'
import { inputClass } from '../../components/ui/form-field'
import { useShopperPrefill } from './use-shopper-prefill'

/**
 * A signed-in shopper's checkout: pre-fills the form (use-shopper-prefill.ts) and offers the
 * saved addresses; choosing one fills the address fields below. Nothing for a guest.
 */
export function SavedAddressField({ form }: { form: UseFormReturn<CheckoutCustomer> }) {
  const { t } = useTranslation()
  const { addresses, onChoose } = useShopperPrefill(form)
  const id = useId()
  if (addresses.length === 0) return null
  return (
    <div className="grid gap-1.5 sm:col-span-2">
      <label htmlFor={id} className="font-medium">
        {t('checkout.savedAddress.label')}
      </label>
      <select
        id={id}
        className={inputClass}
        defaultValue=""
        onChange={(event) => {
          const chosen = addresses.find((address) => address._id === event.target.value)
          if (chosen) onChoose(chosen)
        }}
      >
        <option value="">{t('checkout.savedAddress.placeholder')}</option>
        {addresses.map((address) => (
          <option key={address._id} value={address._id}>
            {address.label ? `${address.label}: ` : ''}
            {`${address.street} ${address.streetNum}, ${address.city}`}
          </option>
        ))}
      </select>
    </div>
  )
}

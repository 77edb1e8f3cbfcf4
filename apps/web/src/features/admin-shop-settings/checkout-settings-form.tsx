import { useState, type FormEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '../../lib/i18n'
import { adminShopQueries, useSaveCheckoutSettings } from '../../api/admin-shop'
import { FormSection } from '../../components/ui/admin-form'
import { submitButtonClass } from '../../components/ui/form-field'
import { useSaveErrorToast } from '../../hooks/use-api-error-text'
import { toast } from '../../lib/notify'

/**
 * The checkout's phone rule (decision 253): any phone of ten characters, or an Israeli
 * mobile only, for a shop whose couriers text the customer.
 */
export function CheckoutSettingsForm() {
  const { t } = useTranslation()
  const showSaveError = useSaveErrorToast()
  const settings = useQuery(adminShopQueries.checkout())
  const save = useSaveCheckoutSettings()
  const [isMobileOnly, setMobileOnly] = useState<boolean | null>(null)
  const checked = isMobileOnly ?? settings.data?.mobilePhoneOnly ?? false

  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate(
      { mobilePhoneOnly: checked },
      { onSuccess: () => toast.success(t('shopSettings.checkout.saved')), onError: showSaveError },
    )
  }

  return (
    <form noValidate onSubmit={submit} aria-busy={save.isPending} className="flex max-w-3xl flex-col gap-3">
      <FormSection legend={t('shopSettings.checkout.legend')}>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={checked}
            // Until the saved value is known, a click could not say what it changes.
            disabled={!settings.data}
            aria-describedby="checkout-phone-hint"
            onChange={(event) => setMobileOnly(event.target.checked)}
          />
          {t('shopSettings.checkout.mobilePhoneOnly')}
        </label>
        <p id="checkout-phone-hint" className="text-sm text-muted">
          {t('shopSettings.checkout.hint')}
        </p>
      </FormSection>
      <button type="submit" className={`${submitButtonClass} self-start`} disabled={save.isPending}>
        {save.isPending ? t('shopSettings.saving') : t('shopSettings.checkout.save')}
      </button>
    </form>
  )
}

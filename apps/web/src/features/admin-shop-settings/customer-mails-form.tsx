import { useState, type FormEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { CUSTOMER_MAIL_STEPS, type CustomerMailSettings } from '@tavlin/contracts'
import { useTranslation } from '../../lib/i18n'
import { adminShopQueries, useSaveCustomerMailSettings } from '../../api/admin-shop'
import { FormSection } from '../../components/ui/admin-form'
import { submitButtonClass } from '../../components/ui/form-field'
import { useSaveErrorToast } from '../../hooks/use-api-error-text'
import { toast } from '../../lib/notify'

/**
 * Which of the order's later mails the shopper gets (issue 41, decision 261): each step
 * can be switched off; the confirmation is not among them, the law requires it.
 */
export function CustomerMailsForm() {
  const { t } = useTranslation()
  const showSaveError = useSaveErrorToast()
  const settings = useQuery(adminShopQueries.customerMails())
  const save = useSaveCustomerMailSettings()
  const [changed, setChanged] = useState<Partial<CustomerMailSettings>>({})
  const current = settings.data ? { ...settings.data, ...changed } : null

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!current) return
    save.mutate(current, {
      onSuccess: () => {
        setChanged({})
        toast.success(t('shopSettings.customerMails.saved'))
      },
      onError: showSaveError,
    })
  }

  return (
    <form noValidate onSubmit={submit} aria-busy={save.isPending} className="flex max-w-3xl flex-col gap-3">
      <FormSection legend={t('shopSettings.customerMails.legend')}>
        <p id="customer-mails-hint" className="text-sm text-muted">
          {t('shopSettings.customerMails.hint')}
        </p>
        {CUSTOMER_MAIL_STEPS.map((step) => (
          <label key={step} className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={current?.[step] ?? true}
              // Until the saved value is known, a click could not say what it changes.
              disabled={!current}
              aria-describedby="customer-mails-hint"
              onChange={(event) => setChanged((before) => ({ ...before, [step]: event.target.checked }))}
            />
            {t(`shopSettings.customerMails.steps.${step}`)}
          </label>
        ))}
      </FormSection>
      <button
        type="submit"
        className={`${submitButtonClass} self-start`}
        disabled={save.isPending || !current}
      >
        {save.isPending ? t('shopSettings.saving') : t('shopSettings.customerMails.save')}
      </button>
    </form>
  )
}

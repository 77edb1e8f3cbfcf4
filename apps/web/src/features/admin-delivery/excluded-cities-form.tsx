import { useState, type FormEvent } from 'react'
import { useTranslation } from '../../lib/i18n'
import { useSaveDeliverySettings } from '../../api/delivery'
import { submitButtonClass } from '../../components/ui/form-field'
import { FormSection } from '../../components/ui/admin-form'
import { LocalityPicker } from '../../components/locality/locality-picker'
import { useSaveErrorToast } from '../../hooks/use-api-error-text'
import { toast } from '../../lib/notify'
import { serverErrorsOf, type DraftErrors } from './delivery-draft'
import { useDraftErrorText } from './delivery-method-form'

/** "יישובים שאין אליהם משלוח": home delivery goes nowhere on this list; pickup still does. */
export function ExcludedCitiesForm({ initial }: { initial: readonly string[] }) {
  const { t } = useTranslation()
  const [cities, setCities] = useState<string[]>([...initial])
  const [errors, setErrors] = useState<DraftErrors>({})
  const save = useSaveDeliverySettings()
  const saveErrorToast = useSaveErrorToast()
  const errorText = useDraftErrorText()
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    setErrors({})
    save.mutate(
      { excludedCities: cities },
      {
        onSuccess: () => toast.success(t('admin.delivery.excluded.saved')),
        onError: (error) => {
          setErrors(serverErrorsOf(error) ?? {})
          saveErrorToast(error)
        },
      },
    )
  }
  const index = cities.findIndex((_, at) => errors[`excludedCities.${at}`])
  const error =
    errorText(errors.excludedCities) ??
    (index >= 0 ? `${cities[index]}: ${errorText(errors[`excludedCities.${index}`])}` : undefined)
  return (
    <form noValidate onSubmit={onSubmit} aria-busy={save.isPending} className="flex max-w-3xl flex-col gap-3">
      <FormSection legend={t('admin.delivery.excluded.title')}>
        <LocalityPicker
          label={t('admin.delivery.excluded.label')}
          hint={t('admin.delivery.excluded.hint')}
          cities={cities}
          onChange={setCities}
          error={error}
        />
        <button type="submit" disabled={save.isPending} className={`${submitButtonClass} self-start`}>
          {t('admin.delivery.excluded.save')}
        </button>
      </FormSection>
    </form>
  )
}

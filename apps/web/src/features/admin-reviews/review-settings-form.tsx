import { useState, type FormEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { ReviewSettingsSchema, type ReviewSettings } from '@tavlin/contracts'
import { reviewQueries, useSaveReviewSettings } from '../../api/reviews'
import { FormSection } from '../../components/ui/admin-form'
import { secondaryButtonClass } from '../../components/ui/confirm-dialog'
import { TextField } from '../../components/ui/form-field'
import { Spinner } from '../../components/ui/spinner'
import { useSaveErrorToast } from '../../hooks/use-api-error-text'
import { useTranslation } from '../../lib/i18n'
import { toast } from '../../lib/notify'

/** Whether the review e-mail goes, and how many days after delivery: a shop setting (decision 281). */
export function ReviewSettingsForm() {
  const settings = useQuery(reviewQueries.settings())
  if (!settings.data) return settings.isPending ? <Spinner /> : null
  return <DaysForm initial={settings.data} />
}

function DaysForm({ initial }: { initial: ReviewSettings }) {
  const { t } = useTranslation()
  const [isEnabled, setIsEnabled] = useState(initial.isEnabled)
  const [days, setDays] = useState(String(initial.requestAfterDays))
  const [error, setError] = useState<string | undefined>()
  const save = useSaveReviewSettings()
  const saveErrorToast = useSaveErrorToast()
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = ReviewSettingsSchema.safeParse({
      isEnabled,
      requestAfterDays: Number(days.trim() || Number.NaN),
    })
    if (!parsed.success) {
      setError(t('reviews.admin.settings.invalid'))
      return
    }
    setError(undefined)
    save.mutate(parsed.data, {
      onSuccess: () => toast.success(t('reviews.admin.settings.saved')),
      onError: saveErrorToast,
    })
  }
  return (
    <form noValidate onSubmit={onSubmit} className="max-w-2xl">
      <FormSection legend={t('reviews.admin.settings.title')}>
        <p className="text-sm text-muted">{t('reviews.admin.settings.description')}</p>
        <label className="flex min-h-11 items-center gap-2">
          <input
            type="checkbox"
            checked={isEnabled}
            onChange={(event) => setIsEnabled(event.target.checked)}
          />
          {t('reviews.admin.settings.enabled')}
        </label>
        <TextField
          label={t('reviews.admin.settings.days')}
          inputMode="numeric"
          value={days}
          error={error}
          onChange={(event) => setDays(event.target.value)}
          className="max-w-48"
        />
        <button type="submit" className={`${secondaryButtonClass} self-start`} disabled={save.isPending}>
          {t('reviews.admin.settings.save')}
        </button>
      </FormSection>
    </form>
  )
}

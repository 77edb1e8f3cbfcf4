import { useState, type FormEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { ReviewSettingsSchema } from '@tavlin/contracts'
import { reviewQueries, useSaveReviewSettings } from '../../api/reviews'
import { FormSection } from '../../components/ui/admin-form'
import { secondaryButtonClass } from '../../components/ui/confirm-dialog'
import { TextField } from '../../components/ui/form-field'
import { Spinner } from '../../components/ui/spinner'
import { useSaveErrorToast } from '../../hooks/use-api-error-text'
import { useTranslation } from '../../lib/i18n'
import { toast } from '../../lib/notify'

/** How many days after delivery the review e-mail goes (0: none), a shop setting (decision 281). */
export function ReviewSettingsForm() {
  const settings = useQuery(reviewQueries.settings())
  if (!settings.data) return settings.isPending ? <Spinner /> : null
  return <DaysForm initial={settings.data.requestAfterDays} />
}

function DaysForm({ initial }: { initial: number }) {
  const { t } = useTranslation()
  const [days, setDays] = useState(String(initial))
  const [error, setError] = useState<string | undefined>()
  const save = useSaveReviewSettings()
  const saveErrorToast = useSaveErrorToast()
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = ReviewSettingsSchema.safeParse({ requestAfterDays: Number(days.trim() || Number.NaN) })
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

import { useState, type FormEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { WelcomeCouponSettingsSchema, type WelcomeCouponSettings } from '@tavlin/contracts'
import { useTranslation, type ParseKeys } from '../../lib/i18n'
import { couponQueries, useSaveWelcomeCoupon } from '../../api/coupons'
import { TextField } from '../../components/ui/form-field'
import { secondaryButtonClass } from '../../components/ui/confirm-dialog'
import { FormSection } from '../../components/ui/admin-form'
import { Spinner } from '../../components/ui/spinner'
import { useApiErrorText, useSaveErrorToast } from '../../hooks/use-api-error-text'
import { toast } from '../../lib/notify'

/** The newsletter's welcome coupon: off by default; the owner turns it on and sets its value. */
export function WelcomeCouponForm() {
  const { t } = useTranslation()
  const errorText = useApiErrorText()
  const settings = useQuery(couponQueries.welcome())
  if (settings.isPending) return <Spinner />
  if (settings.isError) {
    return <p role="alert">{t('admin.coupons.welcome.loadError', { message: errorText(settings.error) })}</p>
  }
  return <WelcomeFields initial={settings.data} />
}

function WelcomeFields({ initial }: { initial: WelcomeCouponSettings }) {
  const { t, i18n } = useTranslation()
  const [draft, setDraft] = useState({
    ...initial,
    value: String(initial.value),
    validDays: String(initial.validDays),
  })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const save = useSaveWelcomeCoupon()
  const saveErrorToast = useSaveErrorToast()
  const errorOf = (field: string) => {
    const message = errors[field]
    if (!message) return undefined
    return i18n.exists(message) ? t(message as ParseKeys) : t('validation.couponValidDaysInvalid')
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = parseWelcome(draft)
    if (!parsed.success) {
      setErrors(parsed.errors)
      return
    }
    setErrors({})
    save.mutate(parsed.settings, {
      onSuccess: () => toast.success(t('admin.coupons.welcome.saved')),
      onError: saveErrorToast,
    })
  }
  return (
    <form noValidate onSubmit={onSubmit} className="max-w-2xl">
      <FormSection legend={t('admin.coupons.welcome.title')}>
        <p className="text-sm text-muted">{t('admin.coupons.welcome.description')}</p>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={draft.enabled}
            onChange={(event) => setDraft({ ...draft, enabled: event.target.checked })}
          />
          {t('admin.coupons.welcome.enabled')}
        </label>
        <div className="flex flex-wrap gap-4">
          {(['percent', 'fixed'] as const).map((kind) => (
            <label key={kind} className="flex items-center gap-2">
              <input
                type="radio"
                name="welcome-kind"
                checked={draft.kind === kind}
                onChange={() => setDraft({ ...draft, kind })}
              />
              {t(`admin.coupons.fields.${kind}`)}
            </label>
          ))}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('admin.coupons.fields.value')}
            dir="ltr"
            inputMode="decimal"
            value={draft.value}
            onChange={(event) => setDraft({ ...draft, value: event.target.value })}
            error={errorOf('value')}
          />
          <TextField
            label={t('admin.coupons.welcome.validDays')}
            dir="ltr"
            inputMode="numeric"
            value={draft.validDays}
            onChange={(event) => setDraft({ ...draft, validDays: event.target.value })}
            error={errorOf('validDays')}
          />
        </div>
        <button type="submit" disabled={save.isPending} className={`${secondaryButtonClass} self-start`}>
          {t('admin.coupons.welcome.save')}
        </button>
      </FormSection>
    </form>
  )
}

type WelcomeDraft = Omit<WelcomeCouponSettings, 'value' | 'validDays'> & { value: string; validDays: string }

/** The draft checked by the server's schema: the settings, or the first message per field. */
function parseWelcome(
  draft: WelcomeDraft,
): { success: true; settings: WelcomeCouponSettings } | { success: false; errors: Record<string, string> } {
  const parsed = WelcomeCouponSettingsSchema.safeParse({
    ...draft,
    value: draft.value.trim() === '' ? Number.NaN : Number(draft.value),
    validDays: draft.validDays.trim() === '' ? Number.NaN : Number(draft.validDays),
  })
  if (parsed.success) return { success: true, settings: parsed.data }
  const errors: Record<string, string> = {}
  for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message
  return { success: false, errors }
}

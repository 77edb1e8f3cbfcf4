import { useState, type FormEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { CART_REMINDER_DELAY_HOURS, SHOP_TIME_ZONE } from '@tavlin/contracts'
import { useTranslation } from '../../lib/i18n'
import { adminShopQueries, useSaveCartReminderSettings } from '../../api/admin-shop'
import { FormSection } from '../../components/ui/admin-form'
import { submitButtonClass, TextField } from '../../components/ui/form-field'
import { useSaveErrorToast } from '../../hooks/use-api-error-text'
import { toast } from '../../lib/notify'

const since = new Intl.DateTimeFormat('he-IL', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: SHOP_TIME_ZONE,
})

/**
 * The reminder of a checkout left half-way (issue 36, decision 282): off until the owner turns
 * it on; one reminder, after the delay, only to shoppers who agreed to marketing mail.
 */
export function CartRemindersForm() {
  const { t } = useTranslation()
  const showSaveError = useSaveErrorToast()
  const settings = useQuery(adminShopQueries.cartReminders())
  const save = useSaveCartReminderSettings()
  const [isOn, setOn] = useState<boolean | null>(null)
  const [hours, setHours] = useState<string | null>(null)
  const [error, setError] = useState<string | undefined>()
  const enabled = isOn ?? settings.data?.enabled ?? false
  const shownHours = hours ?? (settings.data ? String(settings.data.delayHours) : '')

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const delayHours = Number(shownHours)
    const { min, max } = CART_REMINDER_DELAY_HOURS
    if (!Number.isInteger(delayHours) || delayHours < min || delayHours > max) {
      setError(t('shopSettings.cartReminders.delayError', { min, max }))
      return
    }
    setError(undefined)
    save.mutate(
      { enabled, delayHours },
      {
        onSuccess: () => {
          setOn(null)
          setHours(null)
          toast.success(t('shopSettings.cartReminders.saved'))
        },
        onError: showSaveError,
      },
    )
  }

  return (
    <form noValidate onSubmit={submit} aria-busy={save.isPending} className="flex max-w-3xl flex-col gap-3">
      <FormSection legend={t('shopSettings.cartReminders.legend')}>
        <p id="cart-reminders-hint" className="text-sm text-muted">
          {t('shopSettings.cartReminders.hint')}
        </p>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={enabled}
            // Until the saved value is known, a click could not say what it changes.
            disabled={!settings.data}
            aria-describedby="cart-reminders-hint"
            onChange={(event) => setOn(event.target.checked)}
          />
          {t('shopSettings.cartReminders.enabled')}
        </label>
        {settings.data?.enabledSince && (
          <p className="text-sm text-muted">
            {t('shopSettings.cartReminders.since', {
              date: since.format(new Date(settings.data.enabledSince)),
            })}
          </p>
        )}
        <TextField
          className="w-48"
          type="number"
          inputMode="numeric"
          min={CART_REMINDER_DELAY_HOURS.min}
          max={CART_REMINDER_DELAY_HOURS.max}
          step="1"
          dir="ltr"
          label={t('shopSettings.cartReminders.delay')}
          hint={t('shopSettings.cartReminders.delayHint')}
          error={error}
          value={shownHours}
          disabled={!settings.data}
          onChange={(event) => setHours(event.target.value)}
        />
      </FormSection>
      <button
        type="submit"
        className={`${submitButtonClass} self-start`}
        disabled={save.isPending || !settings.data}
      >
        {save.isPending ? t('shopSettings.saving') : t('shopSettings.cartReminders.save')}
      </button>
    </form>
  )
}

import { useTranslation } from '../../lib/i18n'
import type { ParseKeys } from '../../lib/i18n'
import { submitButtonClass } from '../../components/ui/form-field'
import { Spinner } from '../../components/ui/spinner'

/** The send button across the form's width; "שולח…" and a spinner while the request runs. */
export function SubmitRow({ isPending, label }: { isPending: boolean; label: string }) {
  const { t } = useTranslation()
  return (
    <div className="flex items-center gap-4 sm:col-span-2">
      <button type="submit" disabled={isPending} className={submitButtonClass}>
        {isPending ? t('forms.sending') : label}
      </button>
      {isPending && <Spinner size="sm" />}
    </div>
  )
}

/** Why the last send failed, under the fields; nothing when it did not. */
export function FormFailure({ failure }: { failure: ParseKeys | null }) {
  const { t } = useTranslation()
  if (!failure) return null
  return (
    <p role="alert" className="font-medium text-red-700 sm:col-span-2 dark:text-red-300">
      {t(failure)}
    </p>
  )
}

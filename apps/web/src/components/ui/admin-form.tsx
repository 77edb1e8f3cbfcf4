import type { ReactNode } from 'react'
import { useTranslation } from '../../lib/i18n'
import { secondaryButtonClass } from './confirm-dialog'
import { submitButtonClass } from './form-field'
import { Spinner } from './spinner'

/** A titled group of fields; the legend names it for screen readers. */
export function FormSection({
  legend,
  children,
  error,
}: {
  legend: string
  children: ReactNode
  error?: string | undefined
}) {
  return (
    <fieldset className="flex flex-col gap-3 rounded-2xl border border-line p-4">
      <legend className="px-1 font-bold">{legend}</legend>
      {children}
      {error && <p className="text-sm font-medium text-red-700 dark:text-red-300">{error}</p>}
    </fieldset>
  )
}

/** One repeated row (a price, a feature, an ingredient) as its own labelled group. */
export function FormRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="group"
      aria-label={label}
      className="flex flex-wrap items-start gap-3 rounded-xl bg-surface-2 p-3"
    >
      {children}
    </div>
  )
}

export const removeRowButtonClass =
  'mt-7 rounded-lg px-2.5 py-2 text-sm font-semibold text-red-700 hover:underline disabled:cursor-not-allowed disabled:opacity-50 dark:text-red-300'
export const addRowButtonClass = `${secondaryButtonClass} self-start`

type FormActionsProps = { isSaving: boolean; onCancel: () => void }

/** Save and cancel; while saving the spinner shows and the form cannot be sent twice. */
export function FormActions({ isSaving, onCancel }: FormActionsProps) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button type="submit" className={submitButtonClass} disabled={isSaving}>
        {isSaving ? t('admin.form.saving') : t('admin.form.save')}
      </button>
      <button type="button" className={secondaryButtonClass} onClick={onCancel} disabled={isSaving}>
        {t('admin.form.cancel')}
      </button>
      {isSaving && <Spinner size="sm" />}
    </div>
  )
}

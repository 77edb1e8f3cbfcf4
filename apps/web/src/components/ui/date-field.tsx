import { useState, type Ref } from 'react'
import { useTranslation } from '../../lib/i18n'
import { FieldShell, inputClass } from './form-field'

const DISPLAY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/

/** "14/5/2026" → "2026-05-14"; anything else is handed on as typed, for the schema to refuse. */
export function parseDisplayDate(text: string): string {
  const trimmed = text.trim()
  const match = DISPLAY.exec(trimmed)
  if (!match) return trimmed
  const [, day = '', month = '', year = ''] = match
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`
}

/** "2026-05-14" → "14/05/2026"; other text is shown as it is. */
export function formatDisplayDate(value: string): string {
  const match = ISO.exec(value)
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value
}

/**
 * The hint's example: 14 May of next year, so it is never a date already past (issue 35), and
 * the same all year, so a page rendered on the server reads alike in the browser.
 */
export function exampleDate(now = new Date()): string {
  return `14/05/${now.getFullYear() + 1}`
}

type DateFieldProps = {
  label: string
  /** `YYYY-MM-DD`, '' (or undefined: not given) or what the visitor typed that is not a date yet. */
  value: string | undefined
  onChange: (value: string) => void
  onBlur?: () => void
  name?: string
  error?: string | undefined
  note?: string | undefined
  className?: string
  autoComplete?: string
  disabled?: boolean | undefined
  ref?: Ref<HTMLInputElement>
}

/**
 * A date typed as day/month/year, the Israeli way, whatever the browser's language: the
 * native date control shows "mm/dd/yyyy" in an English browser and takes no placeholder.
 * The form keeps `YYYY-MM-DD`, as the shared schemas expect.
 */
export function DateField({
  label,
  value = '',
  onChange,
  onBlur,
  error,
  note,
  className,
  ...input
}: DateFieldProps) {
  const { t } = useTranslation()
  const [text, setText] = useState(() => formatDisplayDate(value))
  // The form was reset or filled from outside: show its value (adjusted while rendering).
  const [shownValue, setShownValue] = useState(value)
  if (value !== shownValue) {
    setShownValue(value)
    if (value !== parseDisplayDate(text)) setText(formatDisplayDate(value))
  }
  return (
    <FieldShell
      label={label}
      error={error}
      hint={t('forms.dateHint', { example: exampleDate() })}
      note={note}
      className={className}
    >
      {(control) => (
        <input
          {...input}
          {...control}
          type="text"
          inputMode="numeric"
          dir="ltr"
          placeholder={t('forms.datePlaceholder')}
          value={text}
          onChange={(event) => {
            setText(event.target.value)
            const next = parseDisplayDate(event.target.value)
            setShownValue(next)
            onChange(next)
          }}
          onBlur={onBlur}
          className={`${inputClass} text-end`}
        />
      )}
    </FieldShell>
  )
}

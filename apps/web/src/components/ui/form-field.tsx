import type { InputHTMLAttributes, ReactNode, Ref, TextareaHTMLAttributes } from 'react'
import { useId } from 'react'

export const inputClass =
  'w-full rounded-xl border border-line bg-surface px-3.5 py-2.5 text-ink placeholder:text-muted transition-colors ' +
  'focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-focus ' +
  'aria-[invalid=true]:border-red-700 dark:aria-[invalid=true]:border-red-300 disabled:opacity-60'

export const submitButtonClass =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-primary px-6 py-2.5 font-semibold text-on-primary ' +
  'transition-colors hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus ' +
  'disabled:cursor-not-allowed disabled:opacity-60'

type ShellProps = {
  label: string
  /** Already translated; its presence marks the control invalid. */
  error?: string | undefined
  hint?: string | undefined
  /** Shown beside the label, e.g. "רשות", so optional fields are announced as such. */
  note?: string | undefined
  className?: string | undefined
  children: (control: {
    id: string
    'aria-invalid': boolean
    'aria-describedby': string | undefined
  }) => ReactNode
}

/** Label, control, hint and error, wired together for screen readers. */
export function FieldShell({ label, error, hint, note, className = '', children }: ShellProps) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
        {note && <span className="ms-1.5 font-normal text-muted">({note})</span>}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  )
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & {
  label: string
  error?: string | undefined
  hint?: string | undefined
  note?: string | undefined
  className?: string
  ref?: Ref<HTMLInputElement>
}

export function TextField({ label, error, hint, note, className, ref, ...input }: TextFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} note={note} className={className}>
      {(control) => <input ref={ref} {...input} {...control} className={inputClass} />}
    </FieldShell>
  )
}

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'> & {
  label: string
  error?: string | undefined
  hint?: string | undefined
  note?: string | undefined
  className?: string
  ref?: Ref<HTMLTextAreaElement>
}

export function TextAreaField({ label, error, hint, note, className, ref, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} note={note} className={className}>
      {(control) => (
        <textarea ref={ref} rows={5} {...textarea} {...control} className={`${inputClass} resize-y`} />
      )}
    </FieldShell>
  )
}

/**
 * The honeypot: off-screen and hidden from assistive technology, so only a bot that
 * fills every input it finds puts a value in it.
 */
export function HoneypotField({
  label,
  ref,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; ref?: Ref<HTMLInputElement> }) {
  const id = useId()
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute -start-[10000px] top-auto size-px overflow-hidden"
    >
      <label htmlFor={id}>{label}</label>
      <input ref={ref} id={id} type="text" tabIndex={-1} autoComplete="off" {...input} />
    </div>
  )
}

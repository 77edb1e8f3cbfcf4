import { useEffect, useId, useState } from 'react'
import { SEARCH_MAX_LENGTH, cutSearch } from '@tavlin/contracts'
import { useTranslation } from '../../lib/i18n'

type SearchInputProps = {
  label: string
  placeholder: string
  buttonLabel: string
  value: string
  /** `replace` while typing (one history entry per search, not per key), a new entry on submit. */
  onSearch: (value: string, options: { replace: boolean }) => void
}

const DEBOUNCE_MS = 400

/** A search field that follows the address: back/forward puts the old text back. */
export function SearchInput({ label, placeholder, buttonLabel, value, onSearch }: SearchInputProps) {
  const id = useId()
  const { t } = useTranslation()
  const [text, setText] = useState(value)
  // Back/forward changes the address: the field follows it (adjusted while rendering, not in an effect).
  const [shownValue, setShownValue] = useState(value)
  if (value !== shownValue) {
    setShownValue(value)
    setText(value)
  }

  useEffect(() => {
    if (text.trim() === value.trim()) return
    const timer = setTimeout(() => onSearch(text, { replace: true }), DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text, value, onSearch])

  // A long paste is cut to what the lists take, and the visitor is told (issue 35).
  const isAtLimit = text.length >= SEARCH_MAX_LENGTH - 1
  return (
    <form
      role="search"
      className="flex flex-1 flex-wrap gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        onSearch(text, { replace: false })
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={text}
        maxLength={SEARCH_MAX_LENGTH}
        aria-describedby={isAtLimit ? `${id}-limit` : undefined}
        onChange={(event) => setText(cutSearch(event.target.value))}
        placeholder={placeholder}
        className="min-w-0 flex-1 rounded-full border border-line bg-surface px-5 py-2.5 text-ink placeholder:text-muted focus:border-primary"
      />
      <button
        type="submit"
        className="rounded-full bg-primary px-5 py-2.5 font-bold text-on-primary transition-colors hover:bg-primary-hover"
      >
        {buttonLabel}
      </button>
      {isAtLimit && (
        <p id={`${id}-limit`} role="status" className="basis-full text-sm text-muted">
          {t('common.searchTooLong', { max: SEARCH_MAX_LENGTH })}
        </p>
      )}
    </form>
  )
}

export const selectClass =
  'rounded-full border border-line bg-surface px-4 py-2.5 text-ink focus:border-primary disabled:opacity-50'

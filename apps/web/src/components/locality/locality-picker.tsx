import { useState } from 'react'
import { findLocality } from '@tavlin/contracts'
import { useTranslation } from '../../lib/i18n'
import { LocalityCombobox } from './locality-combobox'

type LocalityPickerProps = {
  /** Names the field (and the list of chosen localities). */
  label: string
  cities: readonly string[]
  onChange: (cities: string[]) => void
  /** Already translated: the list's own error, or one about a city in it. */
  error?: string | undefined
  hint?: string | undefined
}

/**
 * Several localities, each picked with the locality field and shown as a chip with its own
 * remove button: the admin's delivery zones and the cities without delivery.
 */
export function LocalityPicker({ label, cities, onChange, error, hint }: LocalityPickerProps) {
  const { t } = useTranslation()
  const [draft, setDraft] = useState('')
  const [isUnknown, setIsUnknown] = useState(false)
  const add = (name: string) => {
    if (!cities.includes(name)) onChange([...cities, name])
    setDraft('')
    setIsUnknown(false)
  }
  const addTyped = () => {
    if (draft.trim() === '') return
    const name = findLocality(draft)
    if (name) add(name)
    else setIsUnknown(true)
  }
  return (
    <div className="flex flex-col gap-2">
      <LocalityCombobox
        label={label}
        value={draft}
        onChange={(value) => {
          setDraft(value)
          setIsUnknown(false)
        }}
        onPick={add}
        onEnter={addTyped}
        hint={hint}
        error={isUnknown ? t('validation.cityUnknown') : error}
      />
      {cities.length > 0 && (
        <ul aria-label={t('localities.chosen', { label })} className="flex flex-wrap gap-2">
          {cities.map((city) => (
            <li
              key={city}
              className="inline-flex items-center gap-1 rounded-full border border-line bg-surface-2 ps-3 pe-1 py-1 text-sm"
            >
              {city}
              <button
                type="button"
                onClick={() => onChange(cities.filter((other) => other !== city))}
                aria-label={t('localities.remove', { city })}
                className="inline-flex size-7 items-center justify-center rounded-full hover:bg-surface focus-visible:outline-2 focus-visible:outline-focus"
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

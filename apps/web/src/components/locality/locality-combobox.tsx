import { useId, useState, type KeyboardEvent, type Ref } from 'react'
import { findLocality, suggestLocalities } from '@tavlin/contracts'
import { useTranslation } from '../../lib/i18n'
import { FieldShell, inputClass } from '../ui/form-field'

export type LocalityComboboxProps = {
  label: string
  /** What the field holds: text as typed, or a locality's name once one is chosen. */
  value: string
  onChange: (value: string) => void
  /** A locality was chosen from the list (or typed in another spelling and left): its name. */
  onPick?: (name: string) => void
  onBlur?: () => void
  /** Already translated; its presence marks the field invalid. */
  error?: string | undefined
  hint?: string | undefined
  note?: string | undefined
  name?: string
  autoComplete?: string
  disabled?: boolean
  className?: string
  ref?: Ref<HTMLInputElement>
  /**
   * Enter with no option highlighted: the caller decides (the chip picker adds what was
   * typed). Left undefined, Enter does what it does in any field (submits the form).
   */
  onEnter?: () => void
}

const optionId = (listboxId: string, index: number) => `${listboxId}-option-${index}`

/**
 * A city field that offers Israel's localities as the visitor types (decision 227): the ARIA
 * 1.2 combobox pattern, an input with a list of up to 8 suggestions. Arrow keys move through
 * them, Enter or a click takes one, Escape closes the list. Leaving the field with a name in
 * another spelling ("תל-אביב") puts the list's name in it; anything else is the form's error.
 */
export function LocalityCombobox(props: LocalityComboboxProps) {
  const { label, value, error, hint, note, className } = props
  const { t } = useTranslation()
  const listboxId = useId()
  const state = useComboboxState(props)
  return (
    <FieldShell label={label} error={error} hint={hint} note={note} className={className}>
      {(control) => (
        <div className="relative">
          <input
            {...control}
            ref={props.ref}
            name={props.name}
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={state.isExpanded}
            aria-controls={listboxId}
            aria-activedescendant={
              state.isExpanded && state.active >= 0 ? optionId(listboxId, state.active) : undefined
            }
            autoComplete={props.autoComplete ?? 'off'}
            maxLength={100}
            disabled={props.disabled}
            value={value}
            onChange={(event) => state.type(event.target.value)}
            onKeyDown={state.handleKeyDown}
            onBlur={state.handleBlur}
            className={inputClass}
          />
          <ul
            id={listboxId}
            role="listbox"
            // Not the field's label: a search by that label must find the field alone.
            aria-label={t('localities.suggestions')}
            hidden={!state.isExpanded}
            className="absolute start-0 end-0 top-full z-30 mt-1 max-h-72 overflow-auto rounded-xl border border-line bg-surface py-1 shadow-lg"
          >
            {state.options.map((option, index) => (
              <li
                key={option}
                id={optionId(listboxId, index)}
                role="option"
                aria-selected={index === state.active}
                // Taken on press, keeping the focus in the input: leaving it first would check
                // (and refuse) the half-typed name. Keys work on the input (aria-activedescendant).
                onMouseDown={(event) => {
                  event.preventDefault()
                  state.choose(option)
                }}
                className="cursor-pointer px-3.5 py-2 text-start aria-selected:bg-primary aria-selected:text-on-primary hover:bg-surface-2"
              >
                {option}
              </li>
            ))}
          </ul>
        </div>
      )}
    </FieldShell>
  )
}

function useComboboxState({ value, onChange, onPick, onBlur, onEnter }: LocalityComboboxProps) {
  const [isOpen, setIsOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const options = isOpen ? suggestLocalities(value, 8) : []
  const isExpanded = isOpen && options.length > 0

  const choose = (name: string) => {
    onChange(name)
    onPick?.(name)
    setIsOpen(false)
    setActive(-1)
  }
  const move = (step: number) => {
    if (!isExpanded) {
      setIsOpen(true)
      setActive(step > 0 ? 0 : suggestLocalities(value, 8).length - 1)
      return
    }
    setActive((current) => (current + step + options.length) % options.length)
  }
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      move(event.key === 'ArrowDown' ? 1 : -1)
    } else if (event.key === 'Enter' && isExpanded && active >= 0) {
      event.preventDefault()
      choose(options[active]!)
    } else if (event.key === 'Enter' && onEnter) {
      event.preventDefault()
      setIsOpen(false)
      onEnter()
    } else if (event.key === 'Escape' && isExpanded) {
      event.preventDefault()
      setIsOpen(false)
      setActive(-1)
    }
  }
  const handleBlur = () => {
    setIsOpen(false)
    setActive(-1)
    // Another spelling of a listed name becomes the list's name.
    const name = findLocality(value)
    if (name && name !== value) onChange(name)
    onBlur?.()
  }
  return {
    options,
    isExpanded,
    active,
    choose,
    handleKeyDown,
    handleBlur,
    type(next: string) {
      onChange(next)
      setIsOpen(true)
      setActive(-1)
    },
  }
}

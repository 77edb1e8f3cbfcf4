import type { ReactNode } from 'react'
import { FormRow, FormSection, addRowButtonClass, removeRowButtonClass } from '../ui/admin-form'

type RowListProps = {
  legend: string
  error: string | undefined
  addLabel: string
  onAdd: () => void
  children: ReactNode
}

/** A titled list of repeated rows (prices, features, ingredients, contents) with its add button. */
export function RowList({ legend, error, addLabel, onAdd, children }: RowListProps) {
  return (
    <FormSection legend={legend} error={error}>
      {children}
      <button type="button" className={addRowButtonClass} onClick={onAdd}>
        {addLabel}
      </button>
    </FormSection>
  )
}

type RemoveRowButtonProps = { label: string; onRemove: () => void; isDisabled?: boolean }

/** The ✕ that removes one row; its label names the row for screen readers. */
export function RemoveRowButton({ label, onRemove, isDisabled = false }: RemoveRowButtonProps) {
  return (
    <button
      type="button"
      className={removeRowButtonClass}
      disabled={isDisabled}
      onClick={onRemove}
      aria-label={label}
    >
      ✕
    </button>
  )
}

type EditableRowProps = RemoveRowButtonProps & { rowLabel: string; children: ReactNode }

/** One repeated row as its own labelled group, its fields followed by its remove button. */
export function EditableRow({ rowLabel, children, ...remove }: EditableRowProps) {
  return (
    <FormRow label={rowLabel}>
      {children}
      <RemoveRowButton {...remove} />
    </FormRow>
  )
}

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

type RepeatedRowsProps = Omit<RowListProps, 'children'> & {
  fields: ReadonlyArray<{ id: string }>
  /** The row's group label and its remove button's label, by row number (from 1). */
  rowLabel: (n: number) => string
  removeLabel: (n: number) => string
  onRemove: (index: number) => void
  /** Rows that must stay (spec §5: a recipe and a package keep at least one). */
  minRows?: number
  children: (index: number, n: number) => ReactNode
}

/** A list of editable rows, each its own labelled group with a remove button, and an add button. */
export function RepeatedRows({
  fields,
  rowLabel,
  removeLabel,
  onRemove,
  minRows = 0,
  children,
  ...list
}: RepeatedRowsProps) {
  return (
    <RowList {...list}>
      {fields.map((field, index) => (
        <EditableRow
          key={field.id}
          rowLabel={rowLabel(index + 1)}
          label={removeLabel(index + 1)}
          isDisabled={minRows > 0 && fields.length <= minRows}
          onRemove={() => onRemove(index)}
        >
          {children(index, index + 1)}
        </EditableRow>
      ))}
    </RowList>
  )
}

type CheckboxProps = {
  label: string
  isChecked: boolean
  onToggle: (isChecked: boolean) => void
  className?: string
}

/** A category's checkbox with its name as the label. */
export function Checkbox({ label, isChecked, onToggle, className = '' }: CheckboxProps) {
  return (
    <label className={`inline-flex items-center gap-2 ${className}`.trim()}>
      <input
        type="checkbox"
        className="size-4 accent-primary"
        checked={isChecked}
        onChange={(event) => onToggle(event.target.checked)}
      />
      {label}
    </label>
  )
}

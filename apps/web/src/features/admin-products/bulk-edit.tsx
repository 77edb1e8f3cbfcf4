import { useState } from 'react'
import { useMutation } from '@tanstack/react-query'
import {
  PRODUCT_CATEGORIES,
  type BulkAction,
  type BulkEditOutcome,
  type BulkEditRequest,
  type BulkSelection,
  type ProductCategoryName,
} from '@tavlin/contracts'
import { bulkEditApi, useApplyBulkEdit } from '../../api/bulk-edit'
import { secondaryButtonClass } from '../../components/ui/confirm-dialog'
import { selectClass } from '../../components/ui/data-table'
import { submitButtonClass, TextField } from '../../components/ui/form-field'
import { useTranslation } from '../../lib/i18n'
import { toast } from '../../lib/notify'
import { BulkEditPreview, BulkEditRefusal } from './bulk-edit-preview'
import { LatestBulkChange } from './bulk-edit-undo'

const ACTION_CHOICES = ['price', 'stock', 'addCategory', 'removeCategory', 'hide', 'show'] as const
type ActionChoice = (typeof ACTION_CHOICES)[number]
type Draft = {
  action: ActionChoice
  by: 'percent' | 'amount'
  value: string
  rounding: 'agora' | 'ninety'
  stock: string
  category: ProductCategoryName
}
const FIRST_DRAFT: Draft = {
  action: 'price',
  by: 'percent',
  value: '',
  rounding: 'agora',
  stock: '',
  category: PRODUCT_CATEGORIES[0]!.nameInEnglish,
}

type BulkEditProps = {
  /** The ticked products, id → name. */
  selected: ReadonlyMap<string, string>
  /** What the list's filter shows now: "every product in the filter" means these. */
  filter: Extract<BulkSelection, { filter: unknown }>['filter']
  onApplied: () => void
}

/**
 * "שינוי מרוכז" above the product list (issue 37): prices, counts, a category or whether the shop
 * shows them, for the ticked products or the whole filter; a preview of every product's before
 * and after, then apply.
 */
export function BulkEdit({ selected, filter, onApplied }: BulkEditProps) {
  const { t } = useTranslation()
  const [scope, setScope] = useState<Scope>('selected')
  const [draft, setDraft] = useState<Draft>(FIRST_DRAFT)
  const [problem, setProblem] = useState<string | null>(null)
  const preview = useMutation({ mutationFn: bulkEditApi.preview })
  const apply = useApplyBulkEdit()
  const selection: BulkSelection = scope === 'selected' ? { ids: [...selected.keys()] } : { filter }
  const change = (patch: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...patch }))
    setProblem(null)
    preview.reset()
  }

  function showPreview() {
    const action = actionOf(draft)
    if (typeof action === 'string') return setProblem(t(action))
    if (scope === 'selected' && selected.size === 0) return setProblem(t('admin.bulkEdit.nothingSelected'))
    setProblem(null)
    preview.mutate({ selection, action })
  }

  function applyPreviewed(request: BulkEditRequest) {
    apply.mutate(request, {
      onSuccess: (outcome: BulkEditOutcome) => {
        toast.success(t('admin.bulkEdit.applied', { count: outcome.changes.length }))
        preview.reset()
        onApplied()
      },
    })
  }

  return (
    <section
      aria-labelledby="bulk-edit-title"
      className="flex flex-col gap-3 rounded-2xl border border-line p-4"
    >
      <h2 id="bulk-edit-title" className="text-lg font-bold">
        {t('admin.bulkEdit.title')}
      </h2>
      <ScopeChoice
        scope={scope}
        selectedCount={selected.size}
        onChange={(next) => {
          setScope(next)
          preview.reset()
        }}
      />
      <div className="flex flex-wrap items-end gap-3">
        <BulkActionFields draft={draft} onChange={change} />
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={preview.isPending}
          onClick={showPreview}
        >
          {t('admin.bulkEdit.preview')}
        </button>
      </div>
      {problem && (
        <p role="alert" className="font-semibold text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
      <BulkEditRefusal error={preview.error ?? apply.error} />
      {preview.data && preview.variables && (
        <BulkEditPreview outcome={preview.data}>
          <button
            type="button"
            className={submitButtonClass}
            disabled={apply.isPending || preview.data.changes.length === 0}
            onClick={() => applyPreviewed(preview.variables!)}
          >
            {t('admin.bulkEdit.apply', { count: preview.data.changes.length })}
          </button>
        </BulkEditPreview>
      )}
      <LatestBulkChange />
    </section>
  )
}

type Scope = 'selected' | 'filter'

function ScopeChoice(props: { scope: Scope; selectedCount: number; onChange: (scope: Scope) => void }) {
  const { t } = useTranslation()
  return (
    <fieldset className="flex flex-wrap gap-4">
      <legend className="mb-1 text-sm font-semibold">{t('admin.bulkEdit.scope')}</legend>
      {(['selected', 'filter'] as const).map((scope) => (
        <label key={scope} className="flex items-center gap-2">
          <input
            type="radio"
            name="bulk-edit-scope"
            checked={props.scope === scope}
            onChange={() => props.onChange(scope)}
          />
          {scope === 'selected'
            ? t('admin.bulkEdit.scopeSelected', { count: props.selectedCount })
            : t('admin.bulkEdit.scopeFilter')}
        </label>
      ))}
    </fieldset>
  )
}

/** The chosen change's own fields: the price change and its rounding, the count, the category. */
function BulkActionFields({ draft, onChange }: { draft: Draft; onChange: (patch: Partial<Draft>) => void }) {
  const { t } = useTranslation()
  return (
    <>
      <LabelledSelect
        label={t('admin.bulkEdit.action')}
        value={draft.action}
        onChange={(action) => onChange({ action: action as ActionChoice })}
        options={ACTION_CHOICES.map((value) => ({
          value,
          label: t(`admin.bulkEdit.actions.${value}`),
        }))}
      />
      {draft.action === 'price' && (
        <>
          <LabelledSelect
            label={t('admin.bulkEdit.by')}
            value={draft.by}
            onChange={(by) => onChange({ by: by as Draft['by'] })}
            options={[
              { value: 'percent', label: t('admin.bulkEdit.byPercent') },
              { value: 'amount', label: t('admin.bulkEdit.byAmount') },
            ]}
          />
          <TextField
            label={t('admin.bulkEdit.value')}
            hint={t('admin.bulkEdit.valueHint')}
            inputMode="decimal"
            dir="ltr"
            value={draft.value}
            onChange={(event) => onChange({ value: event.target.value })}
          />
          <LabelledSelect
            label={t('admin.bulkEdit.rounding')}
            value={draft.rounding}
            onChange={(rounding) => onChange({ rounding: rounding as Draft['rounding'] })}
            options={[
              { value: 'agora', label: t('admin.bulkEdit.roundAgora') },
              { value: 'ninety', label: t('admin.bulkEdit.roundNinety') },
            ]}
          />
        </>
      )}
      {draft.action === 'stock' && (
        <TextField
          label={t('admin.bulkEdit.stock')}
          hint={t('admin.bulkEdit.stockHint')}
          inputMode="numeric"
          dir="ltr"
          value={draft.stock}
          onChange={(event) => onChange({ stock: event.target.value })}
        />
      )}
      {(draft.action === 'addCategory' || draft.action === 'removeCategory') && (
        <LabelledSelect
          label={t('admin.bulkEdit.category')}
          value={draft.category}
          onChange={(category) => onChange({ category: category as ProductCategoryName })}
          options={PRODUCT_CATEGORIES.map((item) => ({
            value: item.nameInEnglish,
            label: item.nameInHebrew,
          }))}
        />
      )}
    </>
  )
}

type SelectProps = {
  label: string
  value: string
  onChange: (value: string) => void
  options: Array<{ value: string; label: string }>
}

function LabelledSelect({ label, value, onChange, options }: SelectProps) {
  return (
    <label className="flex flex-col gap-1.5 text-sm font-semibold">
      {label}
      <select className={selectClass} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  )
}

/** The request's action from the form, or the key of the Hebrew line saying what to fix. */
function actionOf(
  draft: Draft,
): BulkAction | 'validation.bulkEdit.percent' | 'validation.bulkEdit.amount' | 'validation.stockWhole' {
  switch (draft.action) {
    case 'price': {
      const value = Number(draft.value.trim().replace(/[−–]/, '-'))
      const invalid = draft.by === 'percent' ? 'validation.bulkEdit.percent' : 'validation.bulkEdit.amount'
      if (draft.value.trim() === '' || !Number.isFinite(value) || value === 0) return invalid
      return { kind: 'price', change: { by: draft.by, value }, rounding: draft.rounding }
    }
    case 'stock': {
      const text = draft.stock.trim()
      if (text === '') return { kind: 'stock', stock: null }
      const stock = Number(text)
      return Number.isInteger(stock) && stock >= 0 ? { kind: 'stock', stock } : 'validation.stockWhole'
    }
    case 'addCategory':
    case 'removeCategory':
      return {
        kind: 'category',
        operation: draft.action === 'addCategory' ? 'add' : 'remove',
        category: draft.category,
      }
    // Decision 293: hidden products stay in the admin and leave every storefront read.
    case 'hide':
    case 'show':
      return { kind: 'visibility', isHidden: draft.action === 'hide' }
  }
}

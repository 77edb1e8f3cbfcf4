import { useDeferredValue, useState } from 'react'
import { useTranslation } from '../../lib/i18n'
import { selectClass } from './data-table'
import { TextField } from './form-field'

type Category<Name extends string> = { nameInEnglish: Name; nameInHebrew: string }

/** Category and text filters of an admin list; `params` is what the list query takes. */
export function useAdminListFilters<Name extends string>() {
  const [category, setCategory] = useState<Name | ''>('')
  const [text, setText] = useState('')
  // Typing stays responsive; the query follows a moment later.
  const deferredText = useDeferredValue(text.trim())
  const params = { ...(category ? { category } : {}), ...(deferredText ? { filter: deferredText } : {}) }
  return { category, setCategory, text, setText, params }
}

type AdminListFiltersProps<Name extends string> = {
  idPrefix: string
  categories: readonly Category<Name>[]
  filters: ReturnType<typeof useAdminListFilters<Name>>
  /** Called on every change: a filtered list starts again at page 1. */
  onChange: () => void
}

export function AdminListFilters<Name extends string>({
  idPrefix,
  categories,
  filters,
  onChange,
}: AdminListFiltersProps<Name>) {
  const { t } = useTranslation()
  const selectId = `${idPrefix}-category`
  return (
    <>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={selectId} className="text-sm font-semibold">
          {t('admin.filters.category')}
        </label>
        <select
          id={selectId}
          className={selectClass}
          value={filters.category}
          onChange={(event) => {
            filters.setCategory(event.target.value as Name | '')
            onChange()
          }}
        >
          <option value="">{t('admin.filters.allCategories')}</option>
          {categories.map((item) => (
            <option key={item.nameInEnglish} value={item.nameInEnglish}>
              {item.nameInHebrew}
            </option>
          ))}
        </select>
      </div>
      <TextField
        className="min-w-56 flex-1"
        type="search"
        label={t('admin.filters.text')}
        value={filters.text}
        onChange={(event) => {
          filters.setText(event.target.value)
          onChange()
        }}
      />
    </>
  )
}

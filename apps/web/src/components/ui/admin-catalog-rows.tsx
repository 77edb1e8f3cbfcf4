import type { ReactNode } from 'react'
import { useTranslation } from '../../lib/i18n'
import { CatalogImage } from '../commerce/catalog-image'
import { dangerLinkButtonClass, linkButtonClass, tdClass, thClass, thumbClass } from './data-table'

export type CatalogItem = { _id: string; name: string; image: string }

export type AdminColumn<Item> = {
  header: string
  cell: (item: Item) => ReactNode
  /** For numbers and prices that must read left to right inside the RTL table. */
  dir?: 'ltr'
}

/** A list whose rows can be ticked for a bulk change (issue 37): the page's box ticks them all. */
export type RowSelection<Item extends CatalogItem> = {
  isSelected: (id: string) => boolean
  onToggle: (items: Item[], selected: boolean) => void
}

type HeadProps<Item extends CatalogItem> = {
  columns: AdminColumn<Item>[]
  nameHeader: string | undefined
  selection?: { rows: Item[]; select: RowSelection<Item> }
}

/** Index, image and name, the resource's own columns, then the actions. */
export function CatalogTableHead<Item extends CatalogItem>({
  columns,
  nameHeader,
  selection,
}: HeadProps<Item>) {
  const { t } = useTranslation()
  const allTicked =
    selection !== undefined &&
    selection.rows.length > 0 &&
    selection.rows.every((item) => selection.select.isSelected(item._id))
  return (
    <thead>
      <tr>
        {selection && (
          <th scope="col" className={thClass}>
            <span className="sr-only">{t('admin.table.select')}</span>
            <input
              type="checkbox"
              className="size-5"
              aria-label={t('admin.table.selectPage')}
              checked={allTicked}
              disabled={selection.rows.length === 0}
              onChange={(event) => selection.select.onToggle(selection.rows, event.target.checked)}
            />
          </th>
        )}
        {[t('admin.table.index'), t('admin.table.image'), nameHeader ?? t('admin.table.name')].map(
          (header) => (
            <th key={header} scope="col" className={thClass}>
              {header}
            </th>
          ),
        )}
        {columns.map((column) => (
          <th key={column.header} scope="col" className={thClass}>
            {column.header}
          </th>
        ))}
        <th scope="col" className={thClass}>
          {t('admin.table.actions')}
        </th>
      </tr>
    </thead>
  )
}

type RowProps<Item extends CatalogItem> = {
  item: Item
  /** The item's number across pages, from 1. */
  position: number
  columns: AdminColumn<Item>[]
  onEdit: (id: string) => void
  onDelete: (item: Item) => void
  select?: RowSelection<Item>
}

/** One item: its number, thumbnail, name as the row's header, its columns, edit and delete. */
export function CatalogTableRow<Item extends CatalogItem>({
  item,
  position,
  columns,
  onEdit,
  onDelete,
  select,
}: RowProps<Item>) {
  const { t } = useTranslation()
  return (
    <tr>
      {select && (
        <td className={tdClass}>
          <input
            type="checkbox"
            className="size-5"
            aria-label={t('admin.table.selectItem', { name: item.name })}
            checked={select.isSelected(item._id)}
            onChange={(event) => select.onToggle([item], event.target.checked)}
          />
        </td>
      )}
      <td className={tdClass}>{position}</td>
      <td className={tdClass}>
        <CatalogImage src={item.image} alt="" sizes="48px" width={48} height={48} className={thumbClass} />
      </td>
      <th scope="row" className={`${tdClass} text-start font-semibold`}>
        {item.name}
      </th>
      {columns.map((column) => (
        <td key={column.header} className={tdClass} dir={column.dir}>
          {column.cell(item)}
        </td>
      ))}
      <td className={tdClass}>
        <button
          type="button"
          className={linkButtonClass}
          aria-label={t('admin.table.editItem', { name: item.name })}
          onClick={() => onEdit(item._id)}
        >
          {t('admin.table.edit')}
        </button>
        <button
          type="button"
          className={dangerLinkButtonClass}
          aria-label={t('admin.table.deleteItem', { name: item.name })}
          onClick={() => onDelete(item)}
        >
          {t('admin.table.delete')}
        </button>
      </td>
    </tr>
  )
}

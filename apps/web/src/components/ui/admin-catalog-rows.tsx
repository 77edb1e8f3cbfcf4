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

type HeadProps<Item> = { columns: AdminColumn<Item>[]; nameHeader: string | undefined }

/** Index, image and name, the resource's own columns, then the actions. */
export function CatalogTableHead<Item>({ columns, nameHeader }: HeadProps<Item>) {
  const { t } = useTranslation()
  return (
    <thead>
      <tr>
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
}

/** One item: its number, thumbnail, name as the row's header, its columns, edit and delete. */
export function CatalogTableRow<Item extends CatalogItem>({
  item,
  position,
  columns,
  onEdit,
  onDelete,
}: RowProps<Item>) {
  const { t } = useTranslation()
  return (
    <tr>
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

import { useState, type ReactNode } from 'react'
import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query'
import { useTranslation } from '../../lib/i18n'
import { PAGE_SIZES, type Paged } from '@tavlin/contracts'
import { toast } from '../../lib/notify'
import { CatalogImage } from '../commerce/catalog-image'
import { ConfirmDialog, useConfirmation } from './confirm-dialog'
import {
  dangerLinkButtonClass,
  linkButtonClass,
  tableClass,
  tableWrapClass,
  tdClass,
  thClass,
  thumbClass,
} from './data-table'
import { submitButtonClass } from './form-field'
import { PaginationControls } from './pagination-controls'
import { Spinner } from './spinner'
import { useApiErrorText } from '../../hooks/use-api-error-text'

type CatalogItem = { _id: string; name: string; image: string }

export type AdminColumn<Item> = {
  header: string
  cell: (item: Item) => ReactNode
  /** For numbers and prices that must read left to right inside the RTL table. */
  dir?: 'ltr'
}

type AdminCatalogTableProps<Item extends CatalogItem, Key extends QueryKey> = {
  /** The list query for a page; the table owns the page number and asks for each page. */
  listQuery: (page: number) => UseQueryOptions<Paged<Item>, Error, Paged<Item>, Key>
  /** The columns between the name and the actions. */
  columns: AdminColumn<Item>[]
  /** The name column's heading, when the resource names it itself (spec §2: "package name"). */
  nameHeader?: string
  caption: string
  addLabel: string
  deleteItem: (id: string) => Promise<unknown>
  deleteMessages: { success: string; error: string }
  onAdd: () => void
  onEdit: (id: string) => void
  /** Filter controls shown before the add button; they report back through `onFiltersChange`. */
  filters?: (resetPage: () => void) => ReactNode
}

/**
 * The admin list of products, recipes or packages (spec §2, §4): 20 a page with previous /
 * next, index, thumbnail, name, the resource's own columns, edit and delete through the
 * confirmation modal with the resource's toasts.
 */
export function AdminCatalogTable<Item extends CatalogItem, Key extends QueryKey>({
  listQuery,
  columns,
  nameHeader,
  caption,
  addLabel,
  deleteItem,
  deleteMessages,
  onAdd,
  onEdit,
  filters,
}: AdminCatalogTableProps<Item, Key>) {
  const { t } = useTranslation()
  const errorText = useApiErrorText()
  const [page, setPage] = useState(1)
  const list = useQuery({ ...listQuery(page), placeholderData: keepPreviousData })
  const confirmation = useConfirmation()
  const columnCount = columns.length + 4

  function handleDelete(item: Item) {
    confirmation.request(item.name, () =>
      deleteItem(item._id)
        .then(() => toast.success(deleteMessages.success))
        .catch(() => toast.error(deleteMessages.error)),
    )
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        {filters?.(() => setPage(1))}
        <button type="button" className={submitButtonClass} onClick={onAdd}>
          {addLabel}
        </button>
      </div>

      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <p role="alert">{t('admin.table.loadError', { message: errorText(list.error) })}</p>
      ) : (
        <>
          <div className={tableWrapClass}>
            <table className={tableClass}>
              <caption className="sr-only">{caption}</caption>
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
              <tbody>
                {list.data.items.length === 0 && (
                  <tr>
                    <td colSpan={columnCount} className={`${tdClass} text-center text-muted`}>
                      {t('admin.table.empty')}
                    </td>
                  </tr>
                )}
                {list.data.items.map((item, index) => (
                  <tr key={item._id}>
                    <td className={tdClass}>{(list.data.currentPage - 1) * PAGE_SIZES.admin + index + 1}</td>
                    <td className={tdClass}>
                      <CatalogImage
                        src={item.image}
                        alt=""
                        sizes="48px"
                        width={48}
                        height={48}
                        className={thumbClass}
                      />
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
                        onClick={() => handleDelete(item)}
                      >
                        {t('admin.table.delete')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <PaginationControls
            page={page}
            totalPages={list.data.totalPages}
            isPlaceholderData={list.isPlaceholderData}
            onPageChange={setPage}
          />
        </>
      )}
      <ConfirmDialog {...confirmation.dialogProps} />
    </div>
  )
}

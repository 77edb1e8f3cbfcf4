import { useState, type ReactNode } from 'react'
import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query'
import { useTranslation } from '../../lib/i18n'
import { PAGE_SIZES, type Paged } from '@tavlin/contracts'
import { toast } from '../../lib/notify'
import {
  CatalogTableHead,
  CatalogTableRow,
  type AdminColumn,
  type CatalogItem,
  type RowSelection,
} from './admin-catalog-rows'
import { ConfirmDialog, useConfirmation } from './confirm-dialog'
import { tableClass, tableWrapClass, tdClass } from './data-table'
import { submitButtonClass } from './form-field'
import { PaginationControls } from './pagination-controls'
import { Spinner } from './spinner'
import { useApiErrorText } from '../../hooks/use-api-error-text'

export type { AdminColumn, RowSelection } from './admin-catalog-rows'

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
  /** Rows that can be ticked for a bulk change (the products' list). */
  selection?: RowSelection<Item>
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
  selection,
}: AdminCatalogTableProps<Item, Key>) {
  const { t } = useTranslation()
  const errorText = useApiErrorText()
  const [page, setPage] = useState(1)
  const list = useQuery({ ...listQuery(page), placeholderData: keepPreviousData })
  const confirmation = useConfirmation()
  const columnCount = columns.length + (selection ? 5 : 4)

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
              <CatalogTableHead
                columns={columns}
                nameHeader={nameHeader}
                selection={selection && { rows: list.data.items, select: selection }}
              />
              <tbody>
                {list.data.items.length === 0 && <EmptyRow columnCount={columnCount} />}
                {list.data.items.map((item, index) => (
                  <CatalogTableRow
                    key={item._id}
                    item={item}
                    position={(list.data.currentPage - 1) * PAGE_SIZES.admin + index + 1}
                    columns={columns}
                    onEdit={onEdit}
                    onDelete={handleDelete}
                    select={selection}
                  />
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

function EmptyRow({ columnCount }: { columnCount: number }) {
  const { t } = useTranslation()
  return (
    <tr>
      <td colSpan={columnCount} className={`${tdClass} text-center text-muted`}>
        {t('admin.table.empty')}
      </td>
    </tr>
  )
}

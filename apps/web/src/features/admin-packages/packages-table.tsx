import { useState } from 'react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from '../../lib/notify'
import { PAGE_SIZES } from '@tavlin/contracts'
import { packageQueries, useDeletePackage } from '../../api/packages'
import { CatalogImage } from '../../components/commerce/catalog-image'
import { ConfirmDialog, useConfirmation } from '../../components/ui/confirm-dialog'
import {
  dangerLinkButtonClass,
  linkButtonClass,
  tableClass,
  tableWrapClass,
  tdClass,
  thClass,
  thumbClass,
} from '../../components/ui/data-table'
import { submitButtonClass } from '../../components/ui/form-field'
import { PaginationControls } from '../../components/ui/pagination-controls'
import { Spinner } from '../../components/ui/spinner'

type PackagesTableProps = {
  onAdd: () => void
  onEdit: (packageId: string) => void
}

/** The admin package list (spec §2): 20 a page, prices in ₪, edit and delete. */
export function PackagesTable({ onAdd, onEdit }: PackagesTableProps) {
  const { t } = useTranslation()
  const [page, setPage] = useState(1)
  const params = { page, limit: PAGE_SIZES.admin }
  const list = useQuery({ ...packageQueries.list(params), placeholderData: keepPreviousData })
  const remove = useDeletePackage()
  const confirmation = useConfirmation()

  function handleDelete(id: string, name: string) {
    confirmation.request(name, () =>
      remove
        .mutateAsync(id)
        .then(() => toast.success(t('admin.packages.deleteSuccess')))
        .catch(() => toast.error(t('admin.packages.deleteError'))),
    )
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <button type="button" className={submitButtonClass} onClick={onAdd}>
          {t('admin.packages.add')}
        </button>
      </div>

      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <p role="alert">{t('admin.table.loadError', { message: list.error.message })}</p>
      ) : (
        <>
          <div className={tableWrapClass}>
            <table className={tableClass}>
              <caption className="sr-only">{t('admin.packages.title')}</caption>
              <thead>
                <tr>
                  <th scope="col" className={thClass}>
                    {t('admin.table.index')}
                  </th>
                  <th scope="col" className={thClass}>
                    {t('admin.table.image')}
                  </th>
                  <th scope="col" className={thClass}>
                    {t('admin.table.name')}
                  </th>
                  <th scope="col" className={thClass}>
                    {t('admin.packages.price')}
                  </th>
                  <th scope="col" className={thClass}>
                    {t('admin.packages.peoplesQuantity')}
                  </th>
                  <th scope="col" className={thClass}>
                    {t('admin.packages.ingredientsQuantity')}
                  </th>
                  <th scope="col" className={thClass}>
                    {t('admin.table.actions')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.length === 0 && (
                  <tr>
                    <td colSpan={7} className={`${tdClass} text-center text-muted`}>
                      {t('admin.table.empty')}
                    </td>
                  </tr>
                )}
                {list.data.items.map((pkg, index) => (
                  <tr key={pkg._id}>
                    <td className={tdClass}>{(list.data.currentPage - 1) * PAGE_SIZES.admin + index + 1}</td>
                    <td className={tdClass}>
                      <CatalogImage
                        src={pkg.image}
                        alt=""
                        sizes="48px"
                        width={48}
                        height={48}
                        className={thumbClass}
                      />
                    </td>
                    <th scope="row" className={`${tdClass} text-start font-semibold`}>
                      {pkg.name}
                    </th>
                    <td className={tdClass} dir="ltr">
                      {t('admin.price', { price: pkg.price.toFixed(2) })}
                    </td>
                    <td className={tdClass}>{pkg.peoplesQuantity}</td>
                    <td className={tdClass}>{pkg.ingredientsQuantity}</td>
                    <td className={tdClass}>
                      <button
                        type="button"
                        className={linkButtonClass}
                        aria-label={t('admin.table.editItem', { name: pkg.name })}
                        onClick={() => onEdit(pkg._id)}
                      >
                        {t('admin.table.edit')}
                      </button>
                      <button
                        type="button"
                        className={dangerLinkButtonClass}
                        aria-label={t('admin.table.deleteItem', { name: pkg.name })}
                        onClick={() => handleDelete(pkg._id, pkg.name)}
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

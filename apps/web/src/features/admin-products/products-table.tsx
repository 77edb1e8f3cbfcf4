import { useDeferredValue, useState } from 'react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from '../../lib/notify'
import { PAGE_SIZES, PRODUCT_CATEGORIES, type ProductCategoryName } from '@tavlin/contracts'
import { productQueries, useDeleteProduct } from '../../api/products'
import { CatalogImage } from '../../components/commerce/catalog-image'
import { ConfirmDialog, useConfirmation } from '../../components/ui/confirm-dialog'
import {
  dangerLinkButtonClass,
  linkButtonClass,
  selectClass,
  tableClass,
  tableWrapClass,
  tdClass,
  thClass,
  thumbClass,
} from '../../components/ui/data-table'
import { TextField, submitButtonClass } from '../../components/ui/form-field'
import { PaginationControls } from '../../components/ui/pagination-controls'
import { Spinner } from '../../components/ui/spinner'

type ProductsTableProps = {
  onAdd: () => void
  onEdit: (productId: string) => void
}

/** The admin product list (spec §2): 20 a page, category and text filters, edit and delete. */
export function ProductsTable({ onAdd, onEdit }: ProductsTableProps) {
  const { t } = useTranslation()
  const [page, setPage] = useState(1)
  const [category, setCategory] = useState<ProductCategoryName | ''>('')
  const [filter, setFilter] = useState('')
  // Typing stays responsive; the query follows a moment later.
  const deferredFilter = useDeferredValue(filter.trim())
  const params = {
    page,
    limit: PAGE_SIZES.admin,
    ...(category ? { category } : {}),
    ...(deferredFilter ? { filter: deferredFilter } : {}),
  }
  const list = useQuery({ ...productQueries.list(params), placeholderData: keepPreviousData })
  const remove = useDeleteProduct()
  const confirmation = useConfirmation()

  function handleDelete(id: string, name: string) {
    confirmation.request(name, () =>
      remove
        .mutateAsync(id)
        .then(() => toast.success(t('admin.products.deleteSuccess')))
        .catch(() => toast.error(t('admin.products.deleteError'))),
    )
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1.5">
          <label htmlFor="admin-products-category" className="text-sm font-semibold">
            {t('admin.filters.category')}
          </label>
          <select
            id="admin-products-category"
            className={selectClass}
            value={category}
            onChange={(event) => {
              setCategory(event.target.value as ProductCategoryName | '')
              setPage(1)
            }}
          >
            <option value="">{t('admin.filters.allCategories')}</option>
            {PRODUCT_CATEGORIES.map((item) => (
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
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value)
            setPage(1)
          }}
        />
        <button type="button" className={submitButtonClass} onClick={onAdd}>
          {t('admin.products.add')}
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
              <caption className="sr-only">{t('admin.products.title')}</caption>
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
                    {t('admin.table.categories')}
                  </th>
                  <th scope="col" className={thClass}>
                    {t('admin.products.prices')}
                  </th>
                  <th scope="col" className={thClass}>
                    {t('admin.table.actions')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.length === 0 && (
                  <tr>
                    <td colSpan={6} className={`${tdClass} text-center text-muted`}>
                      {t('admin.table.empty')}
                    </td>
                  </tr>
                )}
                {list.data.items.map((product, index) => (
                  <tr key={product._id}>
                    <td className={tdClass}>{(list.data.currentPage - 1) * PAGE_SIZES.admin + index + 1}</td>
                    <td className={tdClass}>
                      <CatalogImage
                        src={product.image}
                        alt=""
                        sizes="48px"
                        width={48}
                        height={48}
                        className={thumbClass}
                      />
                    </td>
                    <th scope="row" className={`${tdClass} text-start font-semibold`}>
                      {product.name}
                    </th>
                    <td className={tdClass}>
                      {product.categories.map((item) => item.nameInHebrew).join(', ')}
                    </td>
                    <td className={tdClass}>
                      <ul>
                        {product.pricing.map((option) => (
                          <li key={option.size.sizeName}>
                            {t('admin.products.priceRow', {
                              size: option.size.sizeName,
                              price: option.price.toFixed(2),
                            })}
                          </li>
                        ))}
                      </ul>
                    </td>
                    <td className={tdClass}>
                      <button
                        type="button"
                        className={linkButtonClass}
                        aria-label={t('admin.table.editItem', { name: product.name })}
                        onClick={() => onEdit(product._id)}
                      >
                        {t('admin.table.edit')}
                      </button>
                      <button
                        type="button"
                        className={dangerLinkButtonClass}
                        aria-label={t('admin.table.deleteItem', { name: product.name })}
                        onClick={() => handleDelete(product._id, product.name)}
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

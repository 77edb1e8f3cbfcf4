import { useState } from 'react'
import { useTranslation } from '../../lib/i18n'
import {
  isLabellingComplete,
  PAGE_SIZES,
  PRODUCT_CATEGORIES,
  type Product,
  type ProductCategoryName,
  type ProductVisibility,
} from '@tavlin/contracts'
import { productQueries, useDeleteProduct } from '../../api/products'
import {
  AdminCatalogTable,
  type AdminColumn,
  type RowSelection,
} from '../../components/ui/admin-catalog-table'
import { AdminListFilters, useAdminListFilters } from '../../components/ui/admin-list-filters'
import { selectClass } from '../../components/ui/data-table'
import { Price } from '../../components/commerce/price'
import { StockCount } from '../../components/commerce/stock-count'
import { BulkEdit } from './bulk-edit'
import { CatalogueExport } from './catalogue-export'
import { CatalogueImport } from './catalogue-import'

type ProductsTableProps = {
  onAdd: () => void
  onEdit: (productId: string) => void
}

/**
 * The admin product list (spec §2): 20 a page, filters, edit and delete; the catalogue export
 * and import on top, and rows ticked for a bulk change (issue 37).
 */
export function ProductsTable({ onAdd, onEdit }: ProductsTableProps) {
  const { t } = useTranslation()
  const filters = useAdminListFilters<ProductCategoryName>()
  const [visibility, setVisibility] = useState<ProductVisibility | ''>('')
  const params = { ...filters.params, ...(visibility ? { visibility } : {}) }
  const remove = useDeleteProduct()
  const columns = useProductColumns()
  const [selected, setSelected] = useState<ReadonlyMap<string, string>>(new Map())
  const selection: RowSelection<Product> = {
    isSelected: (id) => selected.has(id),
    onToggle: (items, ticked) =>
      setSelected((current) => {
        const next = new Map(current)
        for (const item of items) {
          if (ticked) next.set(item._id, item.name)
          else next.delete(item._id)
        }
        return next
      }),
  }
  return (
    <div className="flex flex-col gap-4">
      <CatalogueExport />
      <BulkEdit selected={selected} filter={params} onApplied={() => setSelected(new Map())} />
      <CatalogueImport />
      <AdminCatalogTable
        listQuery={(page) => productQueries.adminList({ page, limit: PAGE_SIZES.admin, ...params })}
        caption={t('admin.products.title')}
        addLabel={t('admin.products.add')}
        deleteItem={(id) => remove.mutateAsync(id)}
        deleteMessages={{
          success: t('admin.products.deleteSuccess'),
          error: t('admin.products.deleteError'),
        }}
        onAdd={onAdd}
        onEdit={onEdit}
        selection={selection}
        filters={(resetPage) => (
          <>
            <AdminListFilters
              idPrefix="admin-products"
              categories={PRODUCT_CATEGORIES}
              filters={filters}
              onChange={resetPage}
            />
            <VisibilityFilter
              value={visibility}
              onChange={(next) => {
                setVisibility(next)
                resetPage()
              }}
            />
          </>
        )}
        columns={columns}
      />
    </div>
  )
}

/** The list's own columns after the name: where the shop stands, categories, prices, counts, labelling. */
function useProductColumns(): AdminColumn<Product>[] {
  const { t } = useTranslation()
  return [
    {
      header: t('admin.products.visibility'),
      cell: (product) => <VisibilityMark isHidden={product.isHidden} />,
    },
    {
      header: t('admin.table.categories'),
      cell: (product) => product.categories.map((item) => item.nameInHebrew).join(', '),
    },
    {
      header: t('admin.products.prices'),
      cell: (product) => (
        <ul>
          {product.pricing.map((option) => (
            <li key={option.size.sizeName}>
              {option.size.sizeName}: <Price amount={option.price} />
            </li>
          ))}
        </ul>
      ),
    },
    {
      header: t('admin.stock.field'),
      cell: (product) => (
        <ul>
          {product.pricing.map((option) => (
            <li key={option.size.sizeName}>
              {option.size.sizeName}: <StockCount stock={option.stock} />
            </li>
          ))}
        </ul>
      ),
    },
    {
      header: t('foodLabelling.column'),
      cell: (product) => <LabellingMark product={product} />,
    },
  ]
}

/** Hidden products stand out (decision 293); shown ones say so quietly. */
function VisibilityMark({ isHidden }: { isHidden: boolean }) {
  const { t } = useTranslation()
  if (!isHidden) return <span className="text-muted">{t('admin.products.shown')}</span>
  return (
    <span className="rounded-full bg-surface-2 px-2 py-0.5 text-sm font-semibold">
      {t('admin.products.hidden')}
    </span>
  )
}

/** All products, those the shop shows, or those hidden from it. */
function VisibilityFilter(props: {
  value: ProductVisibility | ''
  onChange: (value: ProductVisibility | '') => void
}) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="admin-products-visibility" className="text-sm font-semibold">
        {t('admin.products.visibilityFilter.label')}
      </label>
      <select
        id="admin-products-visibility"
        className={selectClass}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value as ProductVisibility | '')}
      >
        <option value="">{t('admin.products.visibilityFilter.all')}</option>
        <option value="visible">{t('admin.products.visibilityFilter.visible')}</option>
        <option value="hidden">{t('admin.products.visibilityFilter.hidden')}</option>
      </select>
    </div>
  )
}

/** Marks a product sold without its food labelling's main features (issue 18). */
function LabellingMark({ product }: { product: Product }) {
  const { t } = useTranslation()
  if (isLabellingComplete(product.labelling)) {
    return <span className="text-muted">{t('foodLabelling.complete')}</span>
  }
  return (
    <span className="font-semibold text-red-700 dark:text-red-300">⚠ {t('foodLabelling.incomplete')}</span>
  )
}

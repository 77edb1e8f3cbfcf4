import { useId } from 'react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useTranslation } from '../../lib/i18n'
import { PRODUCT_CATEGORIES, subCategoriesOf, type Product } from '@tavlin/contracts'
import { productQueries } from '../../api/products'
import { CardGrid, CardGridSkeleton, CatalogCard } from '../../components/commerce/card'
import { FavouriteButton } from '../../components/commerce/favourite-button'
import { EmptyState } from '../../components/commerce/empty-state'
import { Pagination } from '../../components/commerce/pagination'
import { Price } from '../../components/commerce/price'
import { CardStars } from '../../components/commerce/star-rating'
import { ratingKey, useRatings } from '../../api/review-reads'
import { paths } from '../../config/paths'
import { useErrorToast } from '../../hooks/use-error-toast'
import { SearchInput, selectClass } from '../../components/commerce/search-input'
import { useProductSearch } from './use-product-search'
import { ProductQuickAdd } from './quick-add'

export function lowestPrice(product: Product): number {
  return Math.min(...product.pricing.map((option) => option.price))
}

type ProductSearch = ReturnType<typeof useProductSearch>

/** The shop list: search, category and subcategory filters, 9 a page (spec §2). */
export function ProductsCatalog() {
  const { t } = useTranslation()
  const search = useProductSearch()
  const { data, error, isPending, isPlaceholderData } = useQuery({
    ...productQueries.list(search.query),
    placeholderData: keepPreviousData,
  })
  useErrorToast(error, t('errors.fetchProducts'), 'products-list')
  const ratings = useRatings(
    (data?.items ?? []).map((product) => ({ itemType: 'Product', itemId: product._id })),
  )

  return (
    <div>
      <ProductFilters search={search} />
      {isPending ? (
        <CardGridSkeleton />
      ) : !data ? null : data.items.length === 0 ? (
        <EmptyState title={t('catalog.noProducts')}>
          <p className="mt-2 text-muted">{t('catalog.noProductsHint')}</p>
          {(search.filter || search.category) && (
            <button
              type="button"
              onClick={search.clear}
              className="mt-4 font-semibold text-primary underline-offset-4 hover:underline"
            >
              {t('catalog.clearFilters')}
            </button>
          )}
        </EmptyState>
      ) : (
        <div aria-busy={isPlaceholderData}>
          <p className="mb-4 text-sm text-muted" aria-live="polite">
            {t('catalog.resultCount', { count: data.totalItems })}
          </p>
          <CardGrid>
            {data.items.map((product, index) => (
              <li key={product._id}>
                <CatalogCard
                  headingLevel={2}
                  rating={
                    <CardStars rating={ratings[ratingKey({ itemType: 'Product', itemId: product._id })]} />
                  }
                  to={paths.productInfo(product._id)}
                  image={product.image}
                  title={product.name}
                  description={product.shortDescription}
                  isPriority={index < 3}
                  footer={<Price amount={lowestPrice(product)} />}
                  action={<ProductQuickAdd product={product} />}
                  corner={
                    <FavouriteButton
                      item={{ itemId: product._id, itemType: 'Product' }}
                      name={product.name}
                    />
                  }
                />
              </li>
            ))}
          </CardGrid>
          <Pagination
            currentPage={data.currentPage}
            totalPages={data.totalPages}
            isPlaceholderData={isPlaceholderData}
          />
        </div>
      )}
    </div>
  )
}

/** The search box and the category and subcategory selects, all kept in the address. */
function ProductFilters({ search }: { search: ProductSearch }) {
  const { t } = useTranslation()
  const categoryId = useId()
  const subCategoryId = useId()
  const subCategories = search.category ? subCategoriesOf(search.category) : []
  return (
    <div
      role="group"
      aria-label={t('catalog.filtersLabel')}
      className="mb-8 flex flex-col gap-3 rounded-2xl bg-surface-2 p-4 md:flex-row md:items-center"
    >
      <SearchInput
        label={t('catalog.searchLabel')}
        placeholder={t('catalog.searchPlaceholder')}
        buttonLabel={t('common.search')}
        value={search.filter ?? ''}
        onSearch={search.setFilter}
      />
      <label htmlFor={categoryId} className="sr-only">
        {t('catalog.categoryLabel')}
      </label>
      <select
        id={categoryId}
        value={search.category ?? ''}
        onChange={(event) => {
          const next = PRODUCT_CATEGORIES.find((c) => c.nameInEnglish === event.target.value)
          search.setCategory(next?.nameInEnglish)
        }}
        className={selectClass}
      >
        <option value="">{`${t('catalog.categoryLabel')}: ${t('common.all')}`}</option>
        {PRODUCT_CATEGORIES.map((category) => (
          <option key={category.nameInEnglish} value={category.nameInEnglish}>
            {category.nameInHebrew}
          </option>
        ))}
      </select>
      {subCategories.length > 0 && (
        <>
          <label htmlFor={subCategoryId} className="sr-only">
            {t('catalog.subCategoryLabel')}
          </label>
          <select
            id={subCategoryId}
            value={search.subCategory ?? ''}
            onChange={(event) =>
              search.setSubCategory(
                subCategories.find((s) => s.nameInEnglish === event.target.value)?.nameInEnglish,
              )
            }
            className={selectClass}
          >
            <option value="">{`${t('catalog.subCategoryLabel')}: ${t('common.all')}`}</option>
            {subCategories.map((sub) => (
              <option key={sub.nameInEnglish} value={sub.nameInEnglish}>
                {sub.nameInHebrew}
              </option>
            ))}
          </select>
        </>
      )}
    </div>
  )
}

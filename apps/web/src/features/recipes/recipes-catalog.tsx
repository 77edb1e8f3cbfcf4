import { useCallback, useId } from 'react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import { useTranslation } from '../../lib/i18n'
import { PAGE_SIZES, RECIPE_CATEGORIES, cutSearch } from '@tavlin/contracts'
import { productQueries } from '../../api/products'
import { recipeQueries, type recipesApi } from '../../api/recipes'
import { CardGrid, CardGridSkeleton, CatalogCard } from '../../components/commerce/card'
import { EmptyState } from '../../components/commerce/empty-state'
import { Pagination, readPage } from '../../components/commerce/pagination'
import { SearchInput, selectClass } from '../../components/commerce/search-input'
import { paths } from '../../config/paths'
import { useErrorToast } from '../../hooks/use-error-toast'

type RecipePage = Awaited<ReturnType<typeof recipesApi.list>>

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The recipe list: category filter and search in the address, 9 a page (spec §2).
 * `?productId=` (the product page's "מתכונים עם המוצר") narrows it to the recipes that
 * use that product.
 */
export function RecipesCatalog() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const category = RECIPE_CATEGORIES.find((c) => c.nameInEnglish === params.get('category'))?.nameInEnglish
  // A longer shared address searches its first part, not a 400 (issue 35).
  const filter = cutSearch(params.get('filter') ?? '').trim() || undefined
  // Only a UUID can name a product (the API answers anything else with 400).
  const productId = UUID.exec(params.get('productId') ?? '')?.[0]
  const { data, error, isPending, isPlaceholderData } = useQuery({
    ...recipeQueries.list({ page: readPage(params), limit: PAGE_SIZES.recipes, category, filter, productId }),
    placeholderData: keepPreviousData,
  })
  useErrorToast(error, t('errors.fetchRecipes'), 'recipes-list')

  const update = useCallback(
    (key: string, value: string | undefined, replace = false) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current)
          if (value) next.set(key, value)
          else next.delete(key)
          next.delete('page')
          return next
        },
        { replace },
      ),
    [setParams],
  )
  const handleSearch = useCallback(
    (value: string, options: { replace: boolean }) =>
      update('filter', value.trim() || undefined, options.replace),
    [update],
  )

  return (
    <div>
      <RecipeFilters
        filter={filter}
        category={category}
        onSearch={handleSearch}
        onCategory={(value) => update('category', value || undefined)}
      />
      {productId && (
        <ProductFilterNote productId={productId} onClear={() => update('productId', undefined)} />
      )}
      {isPending ? (
        <CardGridSkeleton />
      ) : !data ? null : data.items.length === 0 ? (
        productId ? (
          <NoRecipesWithProduct productId={productId} hasOtherFilters={Boolean(filter || category)} />
        ) : (
          <EmptyState title={t('recipesPage.noRecipes')} />
        )
      ) : (
        <RecipeResults page={data} isPlaceholderData={isPlaceholderData} />
      )}
    </div>
  )
}

type RecipeFiltersProps = {
  filter: string | undefined
  category: string | undefined
  onSearch: (value: string, options: { replace: boolean }) => void
  onCategory: (value: string) => void
}

function RecipeFilters({ filter, category, onSearch, onCategory }: RecipeFiltersProps) {
  const { t } = useTranslation()
  const categoryId = useId()
  return (
    <div className="mb-8 flex flex-col gap-3 rounded-2xl bg-surface-2 p-4 md:flex-row md:items-center">
      <SearchInput
        label={t('recipesPage.searchLabel')}
        placeholder={t('recipesPage.searchPlaceholder')}
        buttonLabel={t('common.search')}
        value={filter ?? ''}
        onSearch={onSearch}
      />
      <label htmlFor={categoryId} className="sr-only">
        {t('recipesPage.categoryLabel')}
      </label>
      <select
        id={categoryId}
        value={category ?? ''}
        onChange={(event) => onCategory(event.target.value)}
        className={selectClass}
      >
        <option value="">{`${t('recipesPage.categoryLabel')}: ${t('common.all')}`}</option>
        {RECIPE_CATEGORIES.map((c) => (
          <option key={c.nameInEnglish} value={c.nameInEnglish}>
            {c.nameInHebrew}
          </option>
        ))}
      </select>
    </div>
  )
}

type RecipeResultsProps = { page: RecipePage; isPlaceholderData: boolean }

function RecipeResults({ page, isPlaceholderData }: RecipeResultsProps) {
  const { t } = useTranslation()
  return (
    <div aria-busy={isPlaceholderData}>
      <CardGrid>
        {page.items.map((recipe, index) => (
          <li key={recipe._id}>
            <CatalogCard
              headingLevel={2}
              to={paths.recipe(recipe._id)}
              image={recipe.image}
              title={recipe.name}
              description={recipe.description}
              isPriority={index < 3}
              footer={
                <span className="text-sm">
                  {recipe.prepTime} · {t(`recipesPage.difficulties.${recipe.difficulty}`)}
                </span>
              }
            />
          </li>
        ))}
      </CardGrid>
      <Pagination
        currentPage={page.currentPage}
        totalPages={page.totalPages}
        isPlaceholderData={isPlaceholderData}
      />
    </div>
  )
}

/** Says which product the list is narrowed to, with a way back to every recipe. */
function ProductFilterNote({ productId, onClear }: { productId: string; onClear: () => void }) {
  const { t } = useTranslation()
  const { data: product } = useQuery(productQueries.detail(productId))
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <h2 className="text-2xl font-bold">
        {product ? t('recipesPage.withProduct', { name: product.name }) : t('recipesPage.withProductUnknown')}
      </h2>
      <button type="button" onClick={onClear} className="font-semibold text-primary hover:underline">
        {t('recipesPage.allRecipes')}
      </button>
    </div>
  )
}

function NoRecipesWithProduct({
  productId,
  hasOtherFilters,
}: {
  productId: string
  hasOtherFilters: boolean
}) {
  const { t } = useTranslation()
  const { data: product } = useQuery(productQueries.detail(productId))
  // With a search or a category as well, "no recipe with the product" would overstate it.
  if (hasOtherFilters) return <EmptyState title={t('recipesPage.noRecipes')} />
  return (
    <EmptyState
      title={
        product
          ? t('recipesPage.noRecipesWithProduct', { name: product.name })
          : t('recipesPage.noRecipesWithProductUnknown')
      }
    >
      <Link
        to={paths.productInfo(productId)}
        className="mt-4 inline-block font-semibold text-primary hover:underline"
      >
        {t('recipesPage.backToProduct')}
      </Link>
    </EmptyState>
  )
}

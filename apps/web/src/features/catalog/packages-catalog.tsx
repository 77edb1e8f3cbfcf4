import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import { useTranslation } from '../../lib/i18n'
import { PACKAGE_SUB_CATEGORIES, PAGE_SIZES, type PackageSubCategoryName } from '@tavlin/contracts'
import { packageQueries } from '../../api/packages'
import { CardGrid, CardGridSkeleton, CatalogCard } from '../../components/commerce/card'
import { FavouriteButton } from '../../components/commerce/favourite-button'
import { EmptyState } from '../../components/commerce/empty-state'
import { Pagination, readPage } from '../../components/commerce/pagination'
import { Price } from '../../components/commerce/price'
import { CardStars } from '../../components/commerce/star-rating'
import { ratingKey, useRatings } from '../../api/review-reads'
import { paths } from '../../config/paths'
import { useErrorToast } from '../../hooks/use-error-toast'
import { PackageQuickAdd } from './quick-add'

/** The kind in the address (`?subCategory=enjera`), when it is one of spec §3's kinds of package. */
function readKind(params: URLSearchParams): PackageSubCategoryName | undefined {
  const value = params.get('subCategory')
  return PACKAGE_SUB_CATEGORIES.find((kind) => kind.nameInEnglish === value)?.nameInEnglish
}

/**
 * Spec §3's subcategories of "packages" as kinds of package: links, so each kind's list has
 * its own address, and choosing one starts again at page 1.
 */
function PackageKinds({ current }: { current: PackageSubCategoryName | undefined }) {
  const { t } = useTranslation()
  const link = (kind: PackageSubCategoryName | undefined, label: string) => (
    <li key={kind ?? 'all'}>
      <Link
        to={kind ? `${paths.packages}?subCategory=${kind}` : paths.packages}
        aria-current={kind === current ? 'page' : undefined}
        className="inline-flex min-h-11 items-center rounded-full border border-line px-4 py-2 text-sm font-medium transition-colors hover:bg-surface-2 aria-[current=page]:border-primary aria-[current=page]:bg-primary aria-[current=page]:text-on-primary"
      >
        {label}
      </Link>
    </li>
  )
  return (
    <nav aria-label={t('packagesPage.kindsLabel')} className="mb-6">
      <ul className="flex flex-wrap gap-2">
        {link(undefined, t('packagesPage.allKinds'))}
        {PACKAGE_SUB_CATEGORIES.map((kind) => link(kind.nameInEnglish, kind.nameInHebrew))}
      </ul>
    </nav>
  )
}

/** The package list, 9 a page (spec §2), of one kind when one is chosen. */
export function PackagesCatalog() {
  const [params] = useSearchParams()
  const kind = readKind(params)
  return (
    <>
      <PackageKinds current={kind} />
      <PackageList page={readPage(params)} kind={kind} />
    </>
  )
}

function PackageList({ page, kind }: { page: number; kind: PackageSubCategoryName | undefined }) {
  const { t } = useTranslation()
  const { data, error, isPending, isPlaceholderData } = useQuery({
    ...packageQueries.list({ page, limit: PAGE_SIZES.packages, ...(kind ? { subCategory: kind } : {}) }),
    placeholderData: keepPreviousData,
  })
  useErrorToast(error, t('errors.fetchPackages'), 'packages-list')
  const ratings = useRatings((data?.items ?? []).map((item) => ({ itemType: 'Package', itemId: item._id })))

  if (isPending) return <CardGridSkeleton />
  if (!data) return null
  if (data.items.length === 0) return <EmptyState title={t('packagesPage.noPackages')} />
  return (
    <div aria-busy={isPlaceholderData}>
      <CardGrid>
        {data.items.map((item, index) => (
          <li key={item._id}>
            <CatalogCard
              headingLevel={2}
              rating={<CardStars rating={ratings[ratingKey({ itemType: 'Package', itemId: item._id })]} />}
              to={paths.packageInfo(item._id)}
              image={item.image}
              title={item.name}
              description={item.description}
              isPriority={index < 3}
              footer={
                <span className="flex flex-col items-start">
                  <Price amount={item.price} />
                  <span className="text-sm font-normal text-muted">
                    {t('packagesPage.people', { count: item.peoplesQuantity })}
                  </span>
                </span>
              }
              action={<PackageQuickAdd item={item} />}
              corner={<FavouriteButton item={{ itemId: item._id, itemType: 'Package' }} name={item.name} />}
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
  )
}

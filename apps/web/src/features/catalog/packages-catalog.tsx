import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { useTranslation } from '../../lib/i18n'
import { PAGE_SIZES } from '@tavlin/contracts'
import { packageQueries } from '../../api/packages'
import { CardGrid, CardGridSkeleton, CatalogCard } from '../../components/commerce/card'
import { EmptyState } from '../../components/commerce/empty-state'
import { Pagination, readPage } from '../../components/commerce/pagination'
import { Price } from '../../components/commerce/price'
import { paths } from '../../config/paths'
import { useErrorToast } from '../../hooks/use-error-toast'
import { PackageQuickAdd } from './quick-add'

/** The package list, 9 a page (spec §2). */
export function PackagesCatalog() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const { data, error, isPending, isPlaceholderData } = useQuery({
    ...packageQueries.list({ page: readPage(params), limit: PAGE_SIZES.packages }),
    placeholderData: keepPreviousData,
  })
  useErrorToast(error, t('errors.fetchPackages'), 'packages-list')

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

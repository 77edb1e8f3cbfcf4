import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { useTranslation } from '../../lib/i18n'
import { toast } from '../../lib/notify'
import { PACKAGE_SIZE, packagePageHead } from '@tavlin/contracts'
import { packageQueries } from '../../api/packages'
import { CatalogCard } from '../../components/commerce/card'
import { CatalogImage } from '../../components/commerce/catalog-image'
import { Price } from '../../components/commerce/price'
import { PageSpinner } from '../../components/ui/spinner'
import { paths } from '../../config/paths'
import { usePageMeta } from '../../hooks/use-page-meta'
import { isApiError } from '../../lib/api-error'
import { NotFoundScreen } from '../../components/layout/error-screens'
import { useCartStore } from '../../stores/cart-store'

/** A package's own page; it links to its recipe by name, as the spec's package popup does. */
export function PackageDetails({ packageId }: { packageId: string }) {
  const { t } = useTranslation()
  const add = useCartStore((state) => state.add)
  const { data: item, error, isPending } = useQuery(packageQueries.detail(packageId))
  const related = useQuery(packageQueries.related(packageId))
  usePageMeta(
    item
      ? (site) => packagePageHead(site, item, t('pages.package.description', { name: item.name }))
      : isPending
        ? null
        : {
            title: t('pages.package.title'),
            description: t('errors.packageNotAvailable'),
            isIndexable: false,
          },
  )

  if (isPending) return <PageSpinner />
  if (error || !item) {
    const isMissing = isApiError(error) && (error.status === 404 || error.status === 400)
    if (isMissing) {
      return <NotFoundScreen title={t('pages.package.title')} message={t('errors.packageNotAvailable')} />
    }
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="text-3xl font-extrabold">{t('pages.package.title')}</h1>
        <p role="alert" className="mt-4 text-lg text-muted">
          {t('errors.genericError')}
        </p>
        <Link to={paths.packages} className="mt-6 inline-block font-semibold text-primary hover:underline">
          {t('packagesPage.backToPackages')}
        </Link>
      </div>
    )
  }

  const handleAdd = () => {
    add({ itemId: item._id, itemType: 'Package', size: PACKAGE_SIZE, price: item.price, quantity: 1 })
    toast.success(t('common.addedToCart'))
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 md:px-6 md:py-12">
      <div className="grid gap-8 md:grid-cols-2 md:gap-12">
        <CatalogImage
          src={item.image}
          alt={item.name}
          sizes="(max-width: 767px) calc(100vw - 2rem), min(calc(50vw - 3rem), 37rem)"
          width={960}
          height={720}
          isPriority
          className="aspect-[4/3] w-full rounded-3xl"
        />
        <div className="flex flex-col gap-4">
          <h1 className="text-3xl font-extrabold md:text-5xl">{item.name}</h1>
          {item.description && <p className="text-lg text-muted">{item.description}</p>}
          <p className="text-3xl font-bold text-primary">
            <Price amount={item.price} />
          </p>
          <h2 className="sr-only">{t('packagesPage.details')}</h2>
          <ul className="flex flex-wrap gap-2 text-sm">
            <li className="rounded-full bg-surface-2 px-3 py-1">
              {t('packagesPage.cookingTime', { minutes: item.cookingTime })}
            </li>
            <li className="rounded-full bg-surface-2 px-3 py-1">
              {t('packagesPage.people', { count: item.peoplesQuantity })}
            </li>
            <li className="rounded-full bg-surface-2 px-3 py-1">
              {t('packagesPage.ingredients', { count: item.ingredientsQuantity })}
            </li>
          </ul>
          {item.items.length > 0 && (
            <section aria-labelledby="package-contents">
              <h2 id="package-contents" className="mb-2 text-xl font-bold">
                {t('packagesPage.contents')}
              </h2>
              <ul className="flex flex-col divide-y divide-line rounded-2xl bg-surface px-4 shadow-sm">
                {item.items.map((content) => (
                  <li
                    key={`${content.productId}-${content.sizeName}`}
                    className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3"
                  >
                    <Link
                      to={paths.productInfo(content.productId)}
                      className="font-semibold text-primary underline-offset-4 hover:underline"
                    >
                      {content.productName}
                    </Link>
                    <span className="text-sm text-muted">
                      {t('packagesPage.itemSize', { size: content.sizeName })}
                      {' · '}
                      {t('packagesPage.itemQuantity', { quantity: content.quantity })}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <div className="flex flex-wrap items-center gap-4">
            <button
              type="button"
              onClick={handleAdd}
              className="rounded-full bg-primary px-8 py-3 text-lg font-bold text-on-primary transition-colors hover:bg-primary-hover"
            >
              {t('common.addToCart')}
            </button>
            {item.recipeName && (
              <Link
                to={paths.recipe(encodeURIComponent(item.recipeName))}
                className="font-semibold text-primary underline-offset-4 hover:underline"
              >
                {t('packagesPage.recipeLink', { name: item.recipeName })}
              </Link>
            )}
          </div>
        </div>
      </div>
      {related.data && related.data.length > 0 && (
        <section className="mt-16" aria-labelledby="related-packages">
          <h2 id="related-packages" className="mb-6 text-2xl font-bold">
            {t('packagesPage.related')}
          </h2>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {related.data.map((other) => (
              <li key={other._id}>
                <CatalogCard
                  to={paths.packageInfo(other._id)}
                  image={other.image}
                  title={other.name}
                  footer={<Price amount={other.price} />}
                />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}

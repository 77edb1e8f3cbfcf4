import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { reviewReadQueries } from '../../api/review-reads'
import { Link } from 'react-router'
import { useTranslation } from '../../lib/i18n'
import { toast } from '../../lib/notify'
import { PACKAGE_SIZE, packagePageHead, type Package } from '@tavlin/contracts'
import { packageQueries } from '../../api/packages'
import {
  DetailHeading,
  DetailPage,
  DetailUnavailable,
  RelatedSection,
} from '../../components/commerce/detail-page'
import { FavouriteButton } from '../../components/commerce/favourite-button'
import { Price } from '../../components/commerce/price'
import { StockAlertForm } from '../../components/commerce/stock-alert-form'
import { isSoldOut } from '../../components/commerce/stock-count'
import { PageSpinner } from '../../components/ui/spinner'
import { paths } from '../../config/paths'
import { usePageMeta } from '../../hooks/use-page-meta'
import { useCartStore } from '../../stores/cart-store'

/** A package's own page; it links to its recipe by name, as the spec's package popup does. */
/** `reviews`: the buyers' reviews under the details (issue 36), composed by the route. */
export function PackageDetails({
  packageId,
  reviews: reviewsSection,
}: {
  packageId: string
  reviews?: ReactNode
}) {
  const { t } = useTranslation()
  // The published reviews go into the page's JSON-LD too, as the server's head has them.
  const reviews = useQuery(reviewReadQueries.item({ itemType: 'Package', itemId: packageId }))
  const { data: item, error, isPending } = useQuery(packageQueries.detail(packageId))
  const related = useQuery(packageQueries.related(packageId))
  usePageMeta(
    item
      ? (site) =>
          packagePageHead(site, item, t('pages.package.description', { name: item.name }), reviews.data)
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
    return (
      <DetailUnavailable
        error={error}
        title={t('pages.package.title')}
        notAvailable={t('errors.packageNotAvailable')}
        back={{ to: paths.packages, label: t('packagesPage.backToPackages') }}
      />
    )
  }
  return (
    <DetailPage image={item.image} name={item.name} aside={<PackageAside item={item} />}>
      <RelatedSection
        id="related-packages"
        title={t('packagesPage.related')}
        items={related.data}
        linkTo={(other) => paths.packageInfo(other._id)}
        footer={(other) => <Price amount={other.price} />}
      />
      {reviewsSection}
    </DetailPage>
  )
}

/** Beside the image: name, description, price, the facts, the contents and the buttons. */
function PackageAside({ item }: { item: Package }) {
  const { t } = useTranslation()
  const add = useCartStore((state) => state.add)
  const handleAdd = () => {
    add({ itemId: item._id, itemType: 'Package', size: PACKAGE_SIZE, price: item.price, quantity: 1 })
    toast.success(t('common.addedToCart'))
  }
  return (
    <>
      <DetailHeading name={item.name} />
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
      <PackageContents item={item} />
      <div className="flex flex-wrap items-center gap-4">
        {isSoldOut(item.stock) ? (
          <button
            type="button"
            disabled
            aria-label={t('stock.soldOutNamed', { name: item.name })}
            className="cursor-not-allowed rounded-full border border-line bg-surface-2 px-8 py-3 text-lg font-bold text-muted"
          >
            {t('stock.soldOut')}
          </button>
        ) : (
          <button
            type="button"
            onClick={handleAdd}
            className="rounded-full bg-primary px-8 py-3 text-lg font-bold text-on-primary transition-colors hover:bg-primary-hover"
          >
            {t('common.addToCart')}
          </button>
        )}
        <FavouriteButton item={{ itemId: item._id, itemType: 'Package' }} name={item.name} />
        {item.recipeName && (
          <Link
            to={paths.recipe(encodeURIComponent(item.recipeName))}
            className="font-semibold text-primary underline-offset-4 hover:underline"
          >
            {t('packagesPage.recipeLink', { name: item.recipeName })}
          </Link>
        )}
      </div>
      <StockAlertForm
        item={{ itemId: item._id, itemType: 'Package' }}
        name={item.name}
        sizes={isSoldOut(item.stock) ? [PACKAGE_SIZE] : []}
      />
    </>
  )
}

/** What is in the box: each product with its size and quantity. */
function PackageContents({ item }: { item: Package }) {
  const { t } = useTranslation()
  if (item.items.length === 0) return null
  return (
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
            {/* A product the shop hides (decision 293) has no page to go to: named only. */}
            {content.isProductHidden ? (
              <span className="font-semibold">{content.productName}</span>
            ) : (
              <Link
                to={paths.productInfo(content.productId)}
                className="font-semibold text-primary underline-offset-4 hover:underline"
              >
                {content.productName}
              </Link>
            )}
            <span className="text-sm text-muted">
              {t('packagesPage.itemSize', { size: content.sizeName })}
              {' · '}
              {t('packagesPage.itemQuantity', { quantity: content.quantity })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}

import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { useTranslation } from '../../lib/i18n'
import { PRODUCT_CATEGORIES, productPageHead, type Product } from '@tavlin/contracts'
import { productQueries } from '../../api/products'
import { CatalogCard } from '../../components/commerce/card'
import { CatalogImage } from '../../components/commerce/catalog-image'
import { Price } from '../../components/commerce/price'
import { PageSpinner } from '../../components/ui/spinner'
import { paths } from '../../config/paths'
import { usePageMeta } from '../../hooks/use-page-meta'
import { isApiError } from '../../lib/api-error'
import { NotFoundScreen } from '../../components/layout/error-screens'
import { lowestPrice } from './products-catalog'
import { PurchaseDialog } from './purchase-dialog'

/** A missing product and a malformed id both mean "not available"; anything else is a failure. */
function isMissing(error: unknown) {
  return isApiError(error) && (error.status === 404 || error.status === 400)
}

/** Spec §2 product page: image, name, description, features in two columns, buy, related. */
export function ProductDetails({ productId }: { productId: string }) {
  const { t } = useTranslation()
  const { data: product, error, isPending } = useQuery(productQueries.detail(productId))
  usePageMeta(
    product
      ? (site) => productPageHead(site, product)
      : isPending
        ? null
        : {
            title: t('pages.product.title'),
            description: t('errors.productNotAvailable'),
            isIndexable: false,
          },
  )

  if (isPending) return <PageSpinner />
  if (error || !product) {
    if (isMissing(error)) {
      return <NotFoundScreen title={t('pages.product.title')} message={t('errors.productNotAvailable')} />
    }
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="text-3xl font-extrabold">{t('pages.product.title')}</h1>
        <p role="alert" className="mt-4 text-lg text-muted">
          {t('errors.genericError')}
        </p>
        <Link to={paths.products} className="mt-6 inline-block font-semibold text-primary hover:underline">
          {t('catalog.backToShop')}
        </Link>
      </div>
    )
  }

  const features = product.features.value
  const half = Math.ceil(features.length / 2)
  const columns = [features.slice(0, half), features.slice(half)]
  const prices = product.pricing.map((option) => option.price)

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 md:px-6 md:py-12">
      <div className="grid gap-8 md:grid-cols-2 md:gap-12">
        <CatalogImage
          src={product.image}
          alt={product.name}
          sizes="(max-width: 767px) calc(100vw - 2rem), min(calc(50vw - 3rem), 37rem)"
          width={960}
          height={720}
          isPriority
          className="aspect-[4/3] w-full rounded-3xl"
        />
        <div className="flex flex-col gap-4">
          <p className="text-sm font-semibold text-olive">
            {product.categories.map((category) => category.nameInHebrew).join(' · ')}
          </p>
          <h1 className="text-3xl font-extrabold md:text-5xl">{product.name}</h1>
          <p className="text-lg text-muted">{product.shortDescription}</p>
          <p className="text-2xl font-bold text-primary">
            <Price amount={lowestPrice(product)} />
            {Math.max(...prices) !== lowestPrice(product) && (
              <>
                {' – '}
                <Price amount={Math.max(...prices)} />
              </>
            )}
          </p>
          <div className="flex flex-wrap items-center gap-4">
            <PurchaseDialog product={product} />
            <Link
              to={paths.recipesWithProduct(product._id)}
              className="font-semibold text-primary underline-offset-4 hover:underline"
            >
              {t('catalog.recipesLink')}
            </Link>
          </div>
        </div>
      </div>

      {features.length > 0 && (
        <section className="mt-12" aria-labelledby="product-features">
          <h2 id="product-features" className="mb-4 text-2xl font-bold">
            {t('catalog.features')}
          </h2>
          <div className="grid gap-4 md:grid-cols-2">
            {columns.map((column, index) => (
              <dl key={index} className="flex flex-col gap-3">
                {column.map((feature) => (
                  <div key={feature.title} className="rounded-2xl bg-surface p-4 shadow-sm">
                    <dt className="font-bold">{feature.title}</dt>
                    <dd className="text-muted">{feature.description}</dd>
                  </div>
                ))}
              </dl>
            ))}
          </div>
        </section>
      )}

      <RelatedProducts product={product} />
    </div>
  )
}

function RelatedProducts({ product }: { product: Product }) {
  const { t } = useTranslation()
  const category = PRODUCT_CATEGORIES.find(
    (c) => c.nameInEnglish === product.categories[0]?.nameInEnglish,
  )?.nameInEnglish
  const { data } = useQuery(productQueries.related(product._id, category))
  if (!data?.length) return null
  return (
    <section className="mt-16" aria-labelledby="related-products">
      <h2 id="related-products" className="mb-6 text-2xl font-bold">
        {t('catalog.related')}
      </h2>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {data.map((item) => (
          <li key={item._id}>
            <CatalogCard
              to={paths.productInfo(item._id)}
              image={item.image}
              title={item.name}
              footer={<Price amount={lowestPrice(item)} />}
            />
          </li>
        ))}
      </ul>
    </section>
  )
}

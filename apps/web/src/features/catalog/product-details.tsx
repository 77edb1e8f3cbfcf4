import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { reviewReadQueries } from '../../api/review-reads'
import { Link, useSearchParams } from 'react-router'
import { useTranslation } from '../../lib/i18n'
import { PRODUCT_CATEGORIES, productPageHead, type Product } from '@tavlin/contracts'
import { productQueries } from '../../api/products'
import { recipeQueries } from '../../api/recipes'
import {
  DetailHeading,
  DetailPage,
  DetailUnavailable,
  RelatedSection,
  ServerHtml,
} from '../../components/commerce/detail-page'
import { FavouriteButton } from '../../components/commerce/favourite-button'
import { Price } from '../../components/commerce/price'
import { StockAlertForm } from '../../components/commerce/stock-alert-form'
import { isSoldOut } from '../../components/commerce/stock-count'
import { PageSpinner } from '../../components/ui/spinner'
import { paths } from '../../config/paths'
import { usePageMeta } from '../../hooks/use-page-meta'
import { ProductLabelling } from './food-labelling'
import { lowestPrice } from './products-catalog'
import { PurchaseDialog } from './purchase-dialog'

/** Spec §2 product page: image, name, description, features in two columns, buy, related. */
/** `reviews`: the buyers' reviews under the details (issue 36), composed by the route. */
export function ProductDetails({
  productId,
  reviews: reviewsSection,
}: {
  productId: string
  reviews?: ReactNode
}) {
  const { t } = useTranslation()
  // The published reviews go into the page's JSON-LD too, as the server's head has them.
  const reviews = useQuery(reviewReadQueries.item({ itemType: 'Product', itemId: productId }))
  const { data: product, error, isPending } = useQuery(productQueries.detail(productId))
  usePageMeta(
    product
      ? (site) => productPageHead(site, product, reviews.data)
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
    return (
      <DetailUnavailable
        error={error}
        title={t('pages.product.title')}
        notAvailable={t('errors.productNotAvailable')}
        back={{ to: paths.products, label: t('catalog.backToShop') }}
      />
    )
  }
  return (
    <DetailPage image={product.image} name={product.name} aside={<ProductAside product={product} />}>
      {/* Text and tables only: they stay the server's HTML and never hydrate (decision 289). */}
      <ServerHtml id={`product-text-${product._id}`}>
        <ProductFeatures features={product.features.value} />
        <ProductLabelling product={product} />
      </ServerHtml>
      {reviewsSection}
      <RelatedProducts product={product} />
    </DetailPage>
  )
}

/** Beside the image: categories, name, summary, the price range, buy and the recipes link. */
function ProductAside({ product }: { product: Product }) {
  const prices = product.pricing.map((option) => option.price)
  // A back-in-stock mail links here with its size (decision 277): the popup opens on it.
  const [params] = useSearchParams()
  const soldOut = product.pricing.filter((option) => isSoldOut(option.stock))
  return (
    <>
      <DetailHeading name={product.name} categories={product.categories} />
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
        <PurchaseDialog product={product} initialSize={params.get('size')} />
        <FavouriteButton item={{ itemId: product._id, itemType: 'Product' }} name={product.name} />
        <RecipesLink productId={product._id} />
      </div>
      <StockAlertForm
        item={{ itemId: product._id, itemType: 'Product' }}
        name={product.name}
        sizes={soldOut.map((option) => option.size.sizeName)}
      />
    </>
  )
}

/** "מתכונים עם המוצר", only when a recipe uses the product: never a link to an empty list (issue 35). */
function RecipesLink({ productId }: { productId: string }) {
  const { t } = useTranslation()
  const { data } = useQuery(recipeQueries.list({ productId, limit: 1 }))
  if (!data || data.totalItems === 0) return null
  return (
    <Link
      to={paths.recipesWithProduct(productId)}
      className="font-semibold text-primary underline-offset-4 hover:underline"
    >
      {t('catalog.recipesLink')}
    </Link>
  )
}

/** The product's features in two columns (spec §2). */
function ProductFeatures({ features }: { features: Product['features']['value'] }) {
  const { t } = useTranslation()
  if (features.length === 0) return null
  const half = Math.ceil(features.length / 2)
  const columns = [features.slice(0, half), features.slice(half)]
  return (
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
  )
}

function RelatedProducts({ product }: { product: Product }) {
  const { t } = useTranslation()
  const category = PRODUCT_CATEGORIES.find(
    (c) => c.nameInEnglish === product.categories[0]?.nameInEnglish,
  )?.nameInEnglish
  const { data } = useQuery(productQueries.related(product._id, category))
  return (
    <RelatedSection
      id="related-products"
      title={t('catalog.related')}
      items={data}
      linkTo={(item) => paths.productInfo(item._id)}
      footer={(item) => <Price amount={lowestPrice(item)} />}
    />
  )
}

import { useCallback, useEffect, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import useEmblaCarousel from 'embla-carousel-react'
import { Link } from 'react-router'
import { useTranslation } from '../../lib/i18n'
import { productQueries } from '../../api/products'
import { CatalogCard } from '../../components/commerce/card'
import { FavouriteButton } from '../../components/commerce/favourite-button'
import { Price } from '../../components/commerce/price'
import { paths } from '../../config/paths'
import { useIsNarrow } from '../../hooks/use-is-narrow'
import { usePrefersReducedMotion } from '../../hooks/use-prefers-reduced-motion'
import { Section } from './section'

// Enough random products for a few turns of the carousel, which shows 3 per view and
// 1 on a phone (spec §9); asking for only those would leave it nothing to turn to
// (a departure listed in docs/spec-departures.md).
const CAROUSEL_ITEMS = 12

export function TopProductsCarousel() {
  const { t } = useTranslation()
  const isNarrow = useIsNarrow()
  // The carousel never moves by itself; for reduced-motion visitors its buttons jump instead of sliding.
  const prefersReducedMotion = usePrefersReducedMotion()
  const { data } = useQuery(productQueries.random({ page: 1, limit: CAROUSEL_ITEMS }))
  const [viewportRef, embla] = useEmblaCarousel({
    direction: 'rtl',
    align: 'start',
    slidesToScroll: isNarrow ? 1 : 3,
  })
  const [canPrev, setCanPrev] = useState(false)
  const [canNext, setCanNext] = useState(false)

  const sync = useCallback(() => {
    setCanPrev(embla?.canScrollPrev() ?? false)
    setCanNext(embla?.canScrollNext() ?? false)
  }, [embla])
  useEffect(() => {
    if (!embla) return
    // The first reading waits a frame: embla has laid out its slides by then.
    const frame = requestAnimationFrame(sync)
    embla.on('select', sync).on('reInit', sync)
    return () => {
      cancelAnimationFrame(frame)
      embla.off('select', sync).off('reInit', sync)
    }
  }, [embla, sync])

  const buttonClass =
    'flex size-11 items-center justify-center rounded-full border border-line bg-surface text-xl font-bold hover:border-primary disabled:opacity-40'
  return (
    <Section
      id="home-top-products"
      title={t('home.topProducts.title')}
      action={
        <div className="flex items-center gap-2">
          <button
            type="button"
            className={buttonClass}
            onClick={() => embla?.scrollPrev(prefersReducedMotion)}
            disabled={!canPrev}
            aria-label={t('home.topProducts.previous')}
          >
            ›
          </button>
          <button
            type="button"
            className={buttonClass}
            onClick={() => embla?.scrollNext(prefersReducedMotion)}
            disabled={!canNext}
            aria-label={t('home.topProducts.next')}
          >
            ‹
          </button>
        </div>
      }
    >
      <div ref={viewportRef} className="overflow-hidden" dir="rtl">
        <ul className="-ms-4 flex">
          {(data?.items ?? []).map((product) => (
            <li key={product._id} className="min-w-0 shrink-0 grow-0 basis-full ps-4 md:basis-1/3">
              <CatalogCard
                to={paths.productInfo(product._id)}
                image={product.image}
                title={product.name}
                description={product.shortDescription}
                footer={<Price amount={Math.min(...product.pricing.map((option) => option.price))} />}
                corner={
                  <FavouriteButton item={{ itemId: product._id, itemType: 'Product' }} name={product.name} />
                }
              />
            </li>
          ))}
        </ul>
      </div>
      <Link to={paths.products} className="mt-6 inline-block font-semibold text-primary hover:underline">
        {t('home.topProducts.viewAll')}
      </Link>
    </Section>
  )
}

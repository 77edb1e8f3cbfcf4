import type { ComponentProps } from 'react'
import { lazy } from 'react'
import type { EarlyAdoptersDialog as EarlyAdoptersDialogModule } from '../../../features/forms/early-adopters-dialog'
import { lazyLoaded } from '../../../lib/lazy-loaded'
import { useTranslation } from '../../../lib/i18n'
import { Link } from 'react-router'
import { paths } from '../../../config/paths'
import { siteStructuredData } from '@tavlin/contracts'
import { LazyDialogButton } from '../../../components/ui/lazy-dialog-button'
import { DeferredSection } from '../../../features/home/deferred-section'
import { CategoryCards, HomeBanner, SpecialtyStrip } from '../../../features/home/first-screen'
import { Hero } from '../../../features/home/hero'
import { usePageMeta } from '../../../hooks/use-page-meta'

// Below the fold, each section loads as it scrolls near (decision 007): the carousel with
// embla, the others (accordion, cards, their queries) from one shared chunk.
const loadSections = () => import('../../../features/home/home-sections')
const TopProductsCarousel = lazy(() =>
  import('../../../features/home/top-products-carousel').then((module) => ({
    default: module.TopProductsCarousel,
  })),
)
const RandomRecipes = lazy(() => loadSections().then((module) => ({ default: module.RandomRecipes })))
const CategoryTiles = lazy(() => loadSections().then((module) => ({ default: module.CategoryTiles })))
const EarlyAdoptersBanner = lazy(() =>
  loadSections().then((module) => ({ default: module.EarlyAdoptersBanner })),
)
const RandomPackages = lazy(() => loadSections().then((module) => ({ default: module.RandomPackages })))
const FaqAccordion = lazy(() => loadSections().then((module) => ({ default: module.FaqAccordion })))
const GuaranteeCards = lazy(() => loadSections().then((module) => ({ default: module.GuaranteeCards })))
const WhoAreWe = lazy(() => loadSections().then((module) => ({ default: module.WhoAreWe })))

// Heights of the loaded sections (measured at 375, 768 and 1280 px wide), kept for them
// while they load. The random sections: one card up to 768 px (spec §9; 33–37rem measured
// at 375, 700 and 768 px), then three in two columns (65rem at 800 px), then in one row (lg).
const CARD_GRID_RESERVE = 'min-h-[34rem] min-[769px]:min-h-[63rem] lg:min-h-[39rem]'

// The sign-up popup (Radix Dialog, react-hook-form, zod) loads on the first click.
// It renders at once when its code is in (lib/lazy-loaded, decision 267).
const { Component: EarlyAdoptersDialog, load: loadEarlyAdoptersDialog } = lazyLoaded<
  ComponentProps<typeof EarlyAdoptersDialogModule>
>(() =>
  import('../../../features/forms/early-adopters-dialog').then((module) => ({
    default: module.EarlyAdoptersDialog,
  })),
)

/** Spec §2 home row, in its order. */
export function Component() {
  const { t } = useTranslation()
  usePageMeta({ structuredData: siteStructuredData })
  return (
    <>
      <HomeBanner />
      <Hero />
      <CategoryCards />
      <SpecialtyStrip />
      <DeferredSection
        id="home-top-products"
        title={t('home.topProducts.title')}
        reserve="min-h-[38rem] lg:min-h-[42rem]"
      >
        <TopProductsCarousel />
      </DeferredSection>
      <DeferredSection id="home-recipes" title={t('home.recipes.title')} reserve={CARD_GRID_RESERVE}>
        <RandomRecipes />
      </DeferredSection>
      <DeferredSection
        id="home-tiles"
        title={t('home.tiles.title')}
        reserve="min-h-[49rem] md:min-h-[21rem] lg:min-h-[29rem]"
      >
        <CategoryTiles />
      </DeferredSection>
      <DeferredSection
        id="home-early"
        title={t('home.earlyAdopters.title')}
        reserve="min-h-[21rem] md:min-h-[16rem]"
      >
        <EarlyAdoptersBanner
          renderAction={(className) => (
            <LazyDialogButton
              className={className}
              load={loadEarlyAdoptersDialog}
              renderDialog={(props) => <EarlyAdoptersDialog {...props} />}
            >
              {t('home.earlyAdopters.cta')}
            </LazyDialogButton>
          )}
        />
      </DeferredSection>
      <DeferredSection id="home-packages" title={t('home.packages.title')} reserve={CARD_GRID_RESERVE}>
        <RandomPackages />
      </DeferredSection>
      <DeferredSection id="home-faq" title={t('home.faq.title')} reserve="min-h-[44rem]">
        <FaqAccordion />
      </DeferredSection>
      <DeferredSection
        id="home-guarantees"
        title={t('home.guarantees.title')}
        reserve="min-h-[42rem] sm:min-h-[28rem] lg:min-h-[19rem]"
      >
        <GuaranteeCards />
      </DeferredSection>
      <DeferredSection
        id="home-about"
        title={t('home.about.title')}
        reserve="min-h-[37rem] md:min-h-[25rem] lg:min-h-[36rem]"
      >
        <WhoAreWe />
      </DeferredSection>
      {/* The dedicated cancellation link the law asks for on the home page (israel-law.md §2). */}
      <p className="mx-auto max-w-7xl px-4 pb-8 text-center md:px-6">
        <Link to={paths.cancelOrder} className="font-semibold text-primary underline underline-offset-4">
          {t('legal.links.cancelOrder')}
        </Link>
      </p>
    </>
  )
}

import { useTranslation } from 'react-i18next'
import { siteStructuredData } from '@tavlin/contracts'
import { EarlyAdoptersDialog } from '../../../features/forms/early-adopters-dialog'
import { Hero } from '../../../features/home/hero'
import {
  CategoryCards,
  CategoryTiles,
  EarlyAdoptersBanner,
  FaqAccordion,
  GuaranteeCards,
  HomeBanner,
  RandomPackages,
  RandomRecipes,
  SpecialtyStrip,
  WhoAreWe,
  earlyAdoptersButtonClass,
} from '../../../features/home/home-sections'
import { TopProductsCarousel } from '../../../features/home/top-products-carousel'
import { usePageMeta } from '../../../hooks/use-page-meta'

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
      <TopProductsCarousel />
      <RandomRecipes />
      <CategoryTiles />
      <EarlyAdoptersBanner
        action={
          <EarlyAdoptersDialog
            trigger={
              <button type="button" className={earlyAdoptersButtonClass}>
                {t('home.earlyAdopters.cta')}
              </button>
            }
          />
        }
      />
      <RandomPackages />
      <FaqAccordion />
      <GuaranteeCards />
      <WhoAreWe />
    </>
  )
}

import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Accordion } from 'radix-ui'
import { Link } from 'react-router'
import { useTranslation } from '../../lib/i18n'
import { shopQueries } from '../../api/shop'
import { PAGE_SIZES } from '@tavlin/contracts'
import { packageQueries } from '../../api/packages'
import { recipeQueries } from '../../api/recipes'
import { CardGrid, CardGridSkeleton, CatalogCard } from '../../components/commerce/card'
import { FavouriteButton } from '../../components/commerce/favourite-button'
import { CatalogImage, siteImage } from '../../components/commerce/catalog-image'
import { Price } from '../../components/commerce/price'
import { paths } from '../../config/paths'
import { useIsNarrow } from '../../hooks/use-is-narrow'
import { Section } from './section'

/** Spec §7, §9: a random section asks for 1 item on a phone (≤ 768 px), 3 above. */
function useRandomCount(): number {
  return useIsNarrow() ? PAGE_SIZES.randomMobile : PAGE_SIZES.randomDesktop
}

function ViewAll({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="shrink-0 font-semibold text-primary underline-offset-4 hover:underline">
      {children}
    </Link>
  )
}

export function RandomRecipes() {
  const { t } = useTranslation()
  const count = useRandomCount()
  const { data, isPending } = useQuery(recipeQueries.random({ page: 1, limit: count }))
  return (
    <Section
      id="home-recipes"
      title={t('home.recipes.title')}
      action={<ViewAll to={paths.recipes}>{t('home.recipes.viewAll')}</ViewAll>}
    >
      {isPending ? (
        <CardGridSkeleton count={count} />
      ) : (
        <CardGrid>
          {(data?.items ?? []).map((recipe) => (
            <li key={recipe._id}>
              <CatalogCard
                to={paths.recipe(recipe._id)}
                image={recipe.image}
                title={recipe.name}
                description={recipe.description}
                footer={<span className="text-sm">{recipe.prepTime}</span>}
              />
            </li>
          ))}
        </CardGrid>
      )}
    </Section>
  )
}

const TILES = [
  { category: 'spices', image: 'tavlinim', altKey: 'home.sectionImages.tavlinim' },
  { category: 'flours', image: 'roll-injera', altKey: 'home.sectionImages.injera' },
  { category: 'legumes', image: 'beyaynetu', altKey: 'home.sectionImages.beyaynetu' },
  { category: 'beverages', image: 'menu', altKey: 'home.sectionImages.menu' },
  { category: 'others', image: 'awaze', altKey: 'home.sectionImages.awaze' },
] as const

export function CategoryTiles() {
  const { t } = useTranslation()
  return (
    <Section id="home-tiles" title={t('home.tiles.title')}>
      <ul className="grid grid-cols-2 gap-4 md:grid-cols-5">
        {TILES.map((tile) => (
          <li key={tile.category}>
            <Link
              to={paths.productsIn(tile.category)}
              className="group relative block overflow-hidden rounded-2xl"
            >
              <CatalogImage
                src={siteImage(tile.image)}
                alt={t(tile.altKey)}
                sizes="(max-width: 768px) 50vw, 20vw"
                width={320}
                height={400}
                className="aspect-[4/5] w-full transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none"
              />
              <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/75 to-transparent p-4 pt-10 text-lg font-bold text-white">
                {t(`home.tiles.items.${tile.category}`)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  )
}

const earlyAdoptersButtonClass =
  'shrink-0 rounded-full bg-canvas px-8 py-3 font-bold text-ink transition-colors hover:bg-surface-2'

type EarlyAdoptersBannerProps = {
  /** The sign-up button, styled by the banner; the popup it opens belongs to the forms feature. */
  renderAction: (buttonClassName: string) => ReactNode
}

/** The early-adopters banner; the page hands in the button that opens the sign-up popup. */
export function EarlyAdoptersBanner({ renderAction }: EarlyAdoptersBannerProps) {
  const { t } = useTranslation()
  return (
    <section aria-labelledby="home-early" className="mx-auto max-w-7xl px-4 py-10 md:px-6">
      <div className="flex flex-col items-start gap-4 rounded-3xl bg-olive p-8 text-white md:flex-row md:items-center md:justify-between md:p-12 dark:text-canvas">
        <div>
          <h2 id="home-early" className="text-2xl font-extrabold md:text-4xl">
            {t('home.earlyAdopters.title')}
          </h2>
          <p className="mt-2 max-w-xl text-lg">{t('home.earlyAdopters.text')}</p>
        </div>
        {renderAction(earlyAdoptersButtonClass)}
      </div>
    </section>
  )
}

export function RandomPackages() {
  const { t } = useTranslation()
  const count = useRandomCount()
  const { data, isPending } = useQuery(packageQueries.random({ page: 1, limit: count }))
  return (
    <Section
      id="home-packages"
      title={t('home.packages.title')}
      action={<ViewAll to={paths.packages}>{t('home.packages.viewAll')}</ViewAll>}
    >
      {isPending ? (
        <CardGridSkeleton count={count} />
      ) : (
        <CardGrid>
          {(data?.items ?? []).map((item) => (
            <li key={item._id}>
              <CatalogCard
                to={paths.packageInfo(item._id)}
                image={item.image}
                title={item.name}
                description={item.description}
                footer={<Price amount={item.price} />}
                corner={<FavouriteButton item={{ itemId: item._id, itemType: 'Package' }} name={item.name} />}
              />
            </li>
          ))}
        </CardGrid>
      )}
    </Section>
  )
}

export function FaqAccordion() {
  const { t } = useTranslation()
  // The delivery answer is written from the delivery methods, as checkout's and the terms' are
  // (issue 35); the footer reads the same details, so this asks nothing more.
  const { data: details } = useQuery(shopQueries.details())
  const items = t('home.faq.items', { returnObjects: true, delivery: details?.delivery })
  return (
    <Section id="home-faq" title={t('home.faq.title')}>
      {/* Without the details an answer would show a placeholder instead of the delivery time. */}
      {details && (
        <Accordion.Root type="single" collapsible className="flex flex-col gap-3">
          {items.map((item, index) => (
            <Accordion.Item
              key={item.q}
              value={String(index)}
              className="rounded-2xl border border-line bg-surface"
            >
              <Accordion.Header>
                <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-start text-lg font-bold">
                  {item.q}
                  <span
                    aria-hidden="true"
                    className="text-2xl text-primary transition-transform group-data-[state=open]:rotate-45 motion-reduce:transition-none"
                  >
                    +
                  </span>
                </Accordion.Trigger>
              </Accordion.Header>
              <Accordion.Content className="px-5 pb-4 text-muted">{item.a}</Accordion.Content>
            </Accordion.Item>
          ))}
        </Accordion.Root>
      )}
    </Section>
  )
}

export function GuaranteeCards() {
  const { t } = useTranslation()
  const items = t('home.guarantees.items', { returnObjects: true })
  return (
    <Section id="home-guarantees" title={t('home.guarantees.title')}>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {items.map((item) => (
          <li key={item.title} className="rounded-2xl bg-surface-2 p-6">
            <h3 className="text-lg font-bold text-primary">{item.title}</h3>
            <p className="mt-1 text-muted">{item.text}</p>
          </li>
        ))}
      </ul>
    </Section>
  )
}

export function WhoAreWe() {
  const { t } = useTranslation()
  return (
    <Section id="home-about" title={t('home.about.title')}>
      <div className="grid items-center gap-8 md:grid-cols-2">
        <div className="flex flex-col gap-4">
          <p className="text-lg">{t('home.about.text')}</p>
          <ul className="flex flex-wrap gap-3">
            <li className="rounded-full bg-olive px-4 py-1.5 font-semibold text-white dark:text-canvas">
              {t('home.about.badgeNatural')}
            </li>
            <li className="rounded-full bg-saffron px-4 py-1.5 font-semibold text-ink dark:text-canvas">
              {t('home.about.badgeHealthy')}
            </li>
          </ul>
          <Link
            to={paths.about}
            className="w-fit font-semibold text-primary underline-offset-4 hover:underline"
          >
            {t('home.about.more')}
          </Link>
        </div>
        <CatalogImage
          src={siteImage('about')}
          alt={t('home.about.imageAlt')}
          sizes="(max-width: 768px) 100vw, 50vw"
          width={960}
          height={640}
          className="aspect-[3/2] w-full rounded-3xl"
        />
      </div>
    </Section>
  )
}

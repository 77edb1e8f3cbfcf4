import { Link } from 'react-router'
import { useTranslation } from '../../lib/i18n'
import { paths } from '../../config/paths'
import { Section } from './section'

// The home sections a visitor sees without scrolling, so they come with the page; the ones
// below the fold (home-sections.tsx) load as they scroll near.

export function HomeBanner() {
  const { t } = useTranslation()
  return (
    <p className="bg-primary px-4 py-2 text-center text-sm font-semibold text-on-primary">
      {t('home.banner')}
    </p>
  )
}

const CATEGORY_CARDS = [
  {
    category: 'spices',
    titleKey: 'home.categories.spices',
    textKey: 'home.categories.spicesText',
    tone: 'bg-primary',
  },
  {
    category: 'flours',
    titleKey: 'home.categories.flours',
    textKey: 'home.categories.floursText',
    tone: 'bg-saffron',
  },
  {
    category: 'legumes',
    titleKey: 'home.categories.legumes',
    textKey: 'home.categories.legumesText',
    tone: 'bg-olive',
  },
  {
    category: 'beverages',
    titleKey: 'home.categories.beverages',
    textKey: 'home.categories.beveragesText',
    tone: 'bg-ink',
  },
] as const

export function CategoryCards() {
  const { t } = useTranslation()
  return (
    <Section id="home-categories" title={t('home.categories.title')}>
      <ul className="grid grid-cols-2 gap-4 md:grid-cols-4">
        {CATEGORY_CARDS.map((card) => (
          <li key={card.category}>
            <Link
              to={paths.productsIn(card.category)}
              className="flex h-full flex-col gap-2 rounded-2xl border border-line bg-surface p-5 shadow-sm transition-shadow hover:shadow-md"
            >
              <span aria-hidden="true" className={`h-1.5 w-10 rounded-full ${card.tone}`} />
              <span className="text-xl font-bold">{t(card.titleKey)}</span>
              <span className="text-sm text-muted">{t(card.textKey)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  )
}

export function SpecialtyStrip() {
  const { t } = useTranslation()
  const items = t('home.specialty.items', { returnObjects: true })
  return (
    <section aria-labelledby="home-specialty" className="bg-surface-2">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 md:flex-row md:items-center md:px-6">
        <h2 id="home-specialty" className="text-xl font-extrabold text-primary">
          {t('home.specialty.title')}
        </h2>
        <ul className="flex flex-wrap gap-x-8 gap-y-2 font-semibold">
          {items.map((item) => (
            <li key={item} className="flex items-center gap-2">
              <span aria-hidden="true" className="size-2 rounded-full bg-saffron" />
              {item}
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}

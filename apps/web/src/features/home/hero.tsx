import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { CatalogImage, siteImage } from '../../components/commerce/catalog-image'
import { paths } from '../../config/paths'

const HERO_IMAGES = ['hero-1', 'hero-2', 'hero-3', 'hero-4'] as const
// Spec §2/§9: a new picture every 5 s, starting from a random one.
export const HERO_INTERVAL_MS = 5_000

export function Hero() {
  const { t } = useTranslation()
  const [index, setIndex] = useState(() => Math.floor(Math.random() * HERO_IMAGES.length))
  const [isFirst, setFirst] = useState(true)

  useEffect(() => {
    const timer = setInterval(() => {
      setFirst(false)
      setIndex((current) => (current + 1) % HERO_IMAGES.length)
    }, HERO_INTERVAL_MS)
    return () => clearInterval(timer)
  }, [])

  const name = HERO_IMAGES[index] ?? HERO_IMAGES[0]
  return (
    <section className="relative isolate overflow-hidden bg-ink" aria-labelledby="home-title">
      <CatalogImage
        key={name}
        src={siteImage(name)}
        alt={t('home.hero.imageAlt')}
        sizes="100vw"
        width={960}
        height={540}
        // Only the first picture is the page's largest paint; later ones can load normally.
        isPriority={isFirst}
        className="absolute inset-0 -z-10 size-full animate-fade-in opacity-70 motion-reduce:animate-none"
      />
      <div className="absolute inset-0 -z-10 bg-gradient-to-t from-black/70 via-black/30 to-transparent" />
      <div className="mx-auto flex min-h-[26rem] max-w-7xl flex-col justify-end gap-4 px-4 py-12 text-white md:min-h-[32rem] md:px-6">
        <h1 id="home-title" className="max-w-2xl text-4xl font-extrabold tracking-tight md:text-6xl">
          {t('pages.home.title')}
        </h1>
        <p className="max-w-xl text-lg md:text-xl">{t('home.hero.text')}</p>
        <div className="flex flex-wrap gap-3">
          <Link
            to={paths.products}
            className="rounded-full bg-primary px-7 py-3 font-bold text-on-primary transition-colors hover:bg-primary-hover"
          >
            {t('home.hero.cta')}
          </Link>
          <Link
            to={paths.recipes}
            className="rounded-full border-2 border-white px-7 py-3 font-bold text-white transition-colors hover:bg-white/15"
          >
            {t('home.hero.secondary')}
          </Link>
        </div>
      </div>
    </section>
  )
}

import { useContext, useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { useTranslation } from '../../lib/i18n'
import { CatalogImage, siteImage } from '../../components/commerce/catalog-image'
import { PauseIcon, PlayIcon } from '../../components/ui/icons'
import { paths } from '../../config/paths'
import { usePrefersReducedMotion } from '../../hooks/use-prefers-reduced-motion'
import { RenderChoicesContext } from '../../lib/render-context'

export const HERO_IMAGES = ['hero-1', 'hero-2', 'hero-3', 'hero-4'] as const
// Spec §2/§9: a new picture every 5 s, starting from a random one.
export const HERO_INTERVAL_MS = 5_000
// Must match the preload in public/first-paint.js, or the browser fetches a second file.
const HERO_SIZES = '100vw'

/**
 * The server's page renderer picks the first picture at random and marks it on <html>
 * (data-hero); without a rendered page public/first-paint.js picks and preloads it. A
 * visit that arrives from another page picks its own.
 */
function firstHeroIndex(renderedHero: string | undefined): number {
  const marked =
    renderedHero ?? (typeof document === 'undefined' ? undefined : document.documentElement.dataset.hero)
  const chosen = HERO_IMAGES.findIndex((name) => name === marked)
  return chosen >= 0 ? chosen : Math.floor(Math.random() * HERO_IMAGES.length)
}

export function Hero() {
  const { t } = useTranslation()
  const { heroName } = useContext(RenderChoicesContext)
  const [index, setIndex] = useState(() => firstHeroIndex(heroName))
  const [isFirst, setFirst] = useState(true)
  const prefersReducedMotion = usePrefersReducedMotion()
  // WCAG 2.2.2 and the APG carousel pattern: the button stops and starts the rotation;
  // keyboard focus inside the hero stops it until the button starts it again; the pointer
  // resting on it pauses it; a reduced-motion visitor's hero starts stopped.
  const [isStopped, setStopped] = useState<boolean | null>(null)
  const [isHovered, setHovered] = useState(false)
  const isStoppedNow = isStopped ?? prefersReducedMotion
  const isRotating = !isStoppedNow && !isHovered
  const rotationButton = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!isRotating) return
    const timer = setInterval(() => {
      setFirst(false)
      setIndex((current) => (current + 1) % HERO_IMAGES.length)
    }, HERO_INTERVAL_MS)
    return () => clearInterval(timer)
  }, [isRotating])

  const name = HERO_IMAGES[index] ?? HERO_IMAGES[0]
  return (
    <section
      className="relative isolate overflow-hidden bg-ink"
      aria-labelledby="home-title"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={(event) => {
        if (event.target !== rotationButton.current) setStopped(true)
      }}
    >
      {/* First in the tab order, so a keyboard visitor meets it before anything that moves. */}
      <button
        ref={rotationButton}
        type="button"
        onClick={() => setStopped(!isStoppedNow)}
        aria-label={isStoppedNow ? t('home.hero.play') : t('home.hero.pause')}
        className="absolute end-4 bottom-4 flex size-11 items-center justify-center rounded-full bg-black/60 text-white transition-colors hover:bg-black/80 md:end-6"
      >
        {isStoppedNow ? <PlayIcon /> : <PauseIcon />}
      </button>
      <CatalogImage
        key={name}
        src={siteImage(name)}
        alt={t('home.hero.imageAlt')}
        sizes={HERO_SIZES}
        width={960}
        height={540}
        // Only the first picture is the page's largest paint; later ones can load normally.
        isPriority={isFirst}
        // The first picture is there at once; the following ones fade in, unless motion is reduced.
        className={`absolute inset-0 -z-10 size-full opacity-70 ${isFirst ? '' : 'motion-safe:animate-fade-in'}`}
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

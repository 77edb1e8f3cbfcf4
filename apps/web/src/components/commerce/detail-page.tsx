import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useTranslation } from '../../lib/i18n'
import { isApiError } from '../../lib/api-error'
import { NotFoundScreen } from '../layout/error-screens'
import { CatalogCard } from './card'
import { CatalogImage } from './catalog-image'

// The detail pages' text that never hydrates (decision 289), handed out from here: the build
// then keeps it in this module's chunk, and the list of files the router preloads for each
// page (part of the first load) names no file more.
export { ServerHtml } from '../ui/server-html'

// The product, recipe and package pages are one layout: a hero image beside the
// title column, sections under it, related items at the bottom. Each page brings its
// own data and wording; the markup and classes live here once.

const HERO_IMAGE_SIZES = '(max-width: 767px) calc(100vw - 2rem), min(calc(50vw - 3rem), 37rem)'

type DetailPageProps = {
  image: string
  name: string
  /** The title column beside the image. */
  aside: ReactNode
  /** Sections under the image and the title column. */
  children?: ReactNode
}

/** The page frame: the large image and the title column side by side, then the rest. */
export function DetailPage({ image, name, aside, children }: DetailPageProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 md:px-6 md:py-12">
      <div className="grid gap-8 md:grid-cols-2 md:gap-12">
        <CatalogImage
          src={image}
          alt={name}
          sizes={HERO_IMAGE_SIZES}
          width={960}
          height={720}
          isPriority
          className="aspect-[4/3] w-full rounded-3xl"
        />
        <div className="flex flex-col gap-4">{aside}</div>
      </div>
      {children}
    </div>
  )
}

/** The categories line and the page's h1, as the product and recipe pages show them. */
export function DetailHeading({
  name,
  categories,
}: {
  name: string
  categories?: readonly { nameInHebrew: string }[]
}) {
  return (
    <>
      {categories && (
        <p className="text-sm font-semibold text-olive">
          {categories.map((category) => category.nameInHebrew).join(' · ')}
        </p>
      )}
      <h1 className="text-3xl font-extrabold md:text-5xl">{name}</h1>
    </>
  )
}

type DetailUnavailableProps = {
  error: unknown
  /** The page's heading while it has no item ("מוצר", "מתכון"…). */
  title: string
  /** Said when the item is not there (404) or the address is malformed (400). */
  notAvailable: string
  back: { to: string; label: string }
}

/** A missing item gets the calm 404 page; any other failure says so and links back. */
export function DetailUnavailable({ error, title, notAvailable, back }: DetailUnavailableProps) {
  const { t } = useTranslation()
  const isMissing = isApiError(error) && (error.status === 404 || error.status === 400)
  if (isMissing) return <NotFoundScreen title={title} message={notAvailable} />
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-3xl font-extrabold">{title}</h1>
      <p role="alert" className="mt-4 text-lg text-muted">
        {t('errors.genericError')}
      </p>
      <Link to={back.to} className="mt-6 inline-block font-semibold text-primary hover:underline">
        {back.label}
      </Link>
    </div>
  )
}

type RelatedItem = { _id: string; image: string; name: string }

type RelatedSectionProps<T extends RelatedItem> = {
  /** The heading's id, which names the section for assistive technology. */
  id: string
  title: string
  items: readonly T[] | undefined
  linkTo: (item: T) => string
  footer: (item: T) => ReactNode
}

/** "More like this": a grid of cards at the bottom of a detail page, or nothing. */
export function RelatedSection<T extends RelatedItem>({
  id,
  title,
  items,
  linkTo,
  footer,
}: RelatedSectionProps<T>) {
  if (!items?.length) return null
  return (
    <section className="mt-16" aria-labelledby={id}>
      <h2 id={id} className="mb-6 text-2xl font-bold">
        {title}
      </h2>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {items.map((item) => (
          <li key={item._id}>
            <CatalogCard to={linkTo(item)} image={item.image} title={item.name} footer={footer(item)} />
          </li>
        ))}
      </ul>
    </section>
  )
}

import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { CatalogImage } from './catalog-image'

// The card's width in the grid (1, 2 or 3 columns inside the page's padding, at most
// 80rem wide), so the browser picks the smallest stored width that fills it.
export const CARD_IMAGE_SIZES =
  '(max-width: 639px) calc(100vw - 2rem), (max-width: 1023px) calc(50vw - 2.25rem), min(calc(33vw - 2.5rem), 25rem)'

type CatalogCardProps = {
  to: string
  image: string
  title: string
  /** Short text under the title. */
  description?: string
  /** The line at the bottom: price, prep time… */
  footer?: ReactNode
  /** A button beside the footer (quick add to cart); it sits above the card's link. */
  action?: ReactNode
  /** A control on the picture's corner (the heart, issue 36); it sits above the card's link. */
  corner?: ReactNode
  /** The stars and count of published reviews (issue 36), under the title. */
  rating?: ReactNode
  isPriority?: boolean
  /** 2 when the cards sit right under the page's h1 (the catalogue pages), 3 inside a titled section. */
  headingLevel?: 2 | 3
}

/** One product, recipe or package in a grid or carousel; the whole card is the link. */
export function CatalogCard({
  to,
  image,
  title,
  description,
  footer,
  action,
  corner,
  rating,
  isPriority,
  headingLevel = 3,
}: CatalogCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-sm transition-shadow hover:shadow-md">
      <CatalogImage
        src={image}
        alt=""
        sizes={CARD_IMAGE_SIZES}
        width={640}
        height={480}
        isPriority={isPriority}
        className="aspect-[4/3] w-full transition-transform duration-300 group-hover:scale-[1.02] motion-reduce:transition-none"
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <Heading className="text-lg font-bold leading-snug">
          <Link to={to} className="after:absolute after:inset-0 hover:text-primary">
            {title}
          </Link>
        </Heading>
        {rating}
        {description && <p className="line-clamp-2 text-sm text-muted">{description}</p>}
        {(footer || action) && (
          <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2">
            {footer && <div className="flex-1 font-semibold text-primary">{footer}</div>}
            {action}
          </div>
        )}
      </div>
      {corner && <div className="absolute end-3 top-3 z-10">{corner}</div>}
    </article>
  )
}

export function CardGrid({ children }: { children: ReactNode }) {
  return <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">{children}</ul>
}

export function CardGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <ul aria-hidden="true" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="h-80 animate-pulse rounded-2xl bg-surface-2 motion-reduce:animate-none" />
      ))}
    </ul>
  )
}

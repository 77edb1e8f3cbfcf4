import { imageSrcSet } from '@tavlin/contracts'

type CatalogImageProps = {
  src: string
  alt: string
  /** The slot's width for the browser's srcset choice, e.g. '(max-width: 768px) 100vw, 33vw'. */
  sizes: string
  /** Intrinsic ratio: the box is reserved before the file arrives, so nothing shifts. */
  width?: number
  height?: number
  /** Above the fold (the hero, a product page's picture) loads at once and early. */
  isPriority?: boolean
  className?: string
}

/** A catalogue or site image in its stored widths (320/640/960). */
export function CatalogImage({
  src,
  alt,
  sizes,
  width = 640,
  height = 480,
  isPriority = false,
  className = '',
}: CatalogImageProps) {
  return (
    <img
      src={src}
      srcSet={imageSrcSet(src)}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      loading={isPriority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={isPriority ? 'high' : 'auto'}
      className={`bg-surface-2 object-cover ${className}`}
    />
  )
}

/** A site picture stored under /uploads/site in the three widths. */
export function siteImage(name: string): string {
  return `/uploads/site/${name}-640.webp`
}

/**
 * Images are stored in several widths under one base name (`<base>-<width>.webp`),
 * so the browser can pick the smallest that fills its slot. The entity keeps the
 * 640 one as its `image`; the others are derived from it.
 */
export const IMAGE_WIDTHS = [320, 640, 960] as const
export type ImageWidth = (typeof IMAGE_WIDTHS)[number]

const SIZED_IMAGE = /^(.*)-(320|640|960)\.webp$/

/** `srcset` for an image stored in every width, or undefined for any other address. */
export function imageSrcSet(url: string): string | undefined {
  const match = SIZED_IMAGE.exec(url)
  if (!match) return undefined
  const base = match[1]
  return IMAGE_WIDTHS.map((width) => `${base}-${width}.webp ${width}w`).join(', ')
}

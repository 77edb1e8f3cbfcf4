// subset-font ships no types; this is the part of its API the font build uses.
declare module 'subset-font' {
  type AxisRange = number | { min: number; max: number; default?: number }
  export default function subsetFont(
    font: Uint8Array,
    text: string,
    options?: {
      targetFormat?: 'sfnt' | 'woff' | 'woff2'
      variationAxes?: Record<string, AxisRange>
      /** Every glyph of the source (then `text` is empty): instancing without subsetting. */
      keepAllGlyphs?: boolean
    },
  ): Promise<Uint8Array>
}

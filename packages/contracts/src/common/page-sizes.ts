// Kept apart from the zod schemas, so a client that only needs the numbers does not load zod.

/** Page sizes and limits of spec §9. */
export const PAGE_SIZES = {
  default: 12,
  shop: 9,
  packages: 9,
  recipes: 9,
  admin: 20,
  adminOrders: 10,
  related: 4,
  randomDesktop: 3,
  randomMobile: 1,
  max: 50,
} as const

export function totalPages(totalItems: number, limit: number): number {
  return Math.ceil(totalItems / limit)
}

/** The longest search a catalogue list takes, in UTF-16 units as zod counts (spec §9's lists). */
export const SEARCH_MAX_LENGTH = 100

/**
 * A search cut to SEARCH_MAX_LENGTH without splitting a character (an emoji is two units): a
 * long paste or a shared address searches its first part rather than failing with a 400.
 */
export function cutSearch(text: string): string {
  if (text.length <= SEARCH_MAX_LENGTH) return text
  let cut = ''
  for (const character of text) {
    if (cut.length + character.length > SEARCH_MAX_LENGTH) break
    cut += character
  }
  return cut
}

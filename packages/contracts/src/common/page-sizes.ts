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
